import { ErrorBlock } from 'antd-mobile';

/**
 * antd-mobile's ErrorBlock (its pictures are about 10 KB), as a module of its own for `lazy()`: the
 * course list shows it only when it has no course to show (issue 10: /ktpCourse's first load).
 */
export default ErrorBlock;
