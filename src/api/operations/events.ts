/** `POST /register`, `GET /events`, `DELETE /events`. */
export const eventOperations = {} as const;
