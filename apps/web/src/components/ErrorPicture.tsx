import { ErrorBlock } from 'antd-mobile';

/**
 * antd-mobile's ErrorBlock with all its pictures (about 10 KB), as a module of its own for `lazy()`:
 * a page whose first load matters shows it only when something failed (issue 10).
 */
export default ErrorBlock;
