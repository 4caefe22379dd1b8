/**
 * The steps chunk: Continue's checks, Back and the browser's history, and Check your answers.
 * Only a form in steps loads it (`../index.ts`); a form on one page never fetches these bytes.
 */
export { checkAnswers, checkAnswersStyles } from './check-answers.ts';
export { StepsController } from './steps-controller.ts';
