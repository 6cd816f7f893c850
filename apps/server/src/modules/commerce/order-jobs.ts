/** The job that closes an order left unpaid (issue 28: after 30 minutes); one per order, by its key. */
export const ORDER_CLOSE_JOB = 'orders.close';
export const closeKey = (id: number) => `order-close:${id}`;
