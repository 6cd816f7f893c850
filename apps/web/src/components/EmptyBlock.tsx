import { createErrorBlock } from 'antd-mobile/es/components/error-block';
import { emptyImage } from 'antd-mobile/es/components/error-block/images/empty';

/**
 * antd-mobile's ErrorBlock with its "empty" picture only (about 3 KB instead of the four pictures'
 * 10 KB), as a module of its own for `lazy()`: the course list's empty states (issue 10: /ktpCourse's
 * first load). Every status shows the empty picture.
 */
export default createErrorBlock({ default: emptyImage, empty: emptyImage, busy: emptyImage, disconnected: emptyImage });
