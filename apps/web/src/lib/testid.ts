/**
 * `data-testid` for props objects that antd-mobile types do not declare (dialog actions,
 * selector options). Spread it: `{ key, text, ...testId('x') }`.
 */
// biome-ignore lint/complexity/noBannedTypes: spread adds an attribute the typings do not know
export const testId = (id: string): {} => ({ 'data-testid': id });
