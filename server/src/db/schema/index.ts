export { accounts } from './accounts.ts';
export { users } from './users.ts';
export { sessions } from './sessions.ts';
export { authTokens } from './authTokens.ts';
export { files } from './files.ts';
export { quizzes } from './quizzes.ts';
export { questions } from './questions.ts';
export { plays, quizDailyStats, quizQuestionStats, shortLinks } from './plays.ts';
export { feedbackResponses, feedbacks, pollVotes, polls, wheelSpins, wheels } from './engagement.ts';
