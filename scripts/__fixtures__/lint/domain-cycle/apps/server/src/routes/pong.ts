export const path = '/pong';
