/** Bus topics of the realtime channels. */
export const userTopic = (userId: number) => `user:${userId}`;
