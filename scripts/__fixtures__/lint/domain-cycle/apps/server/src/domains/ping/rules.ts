export const limit = 3;
