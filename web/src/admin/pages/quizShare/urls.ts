/** The signed-in routes around a quiz (account-player-management.md 2, the quiz list's row actions). */
export const quizUrls = {
  list: '/app/Quizzes',
  edit: (id: string) => `/app/Quiz/Edit/${id}`,
  share: (id: string) => `/app/Quiz/Share/${id}`,
  analytics: (id: string) => `/app/Quiz/Analytics/${id}`,
};
