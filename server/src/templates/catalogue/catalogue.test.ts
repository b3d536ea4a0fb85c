import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeResult, normalizeQuiz, validateForPublish, visibleLength } from '@quizlead/shared/engine/index.ts';
import type { TEngineQuiz, TPlayAnswers, TQuizResult } from '@quizlead/shared/engine/index.ts';
import { shownOffer } from '@quizlead/shared/offer.ts';
import { activeQuizTypes, quizLimits, typeTraits } from '@quizlead/shared/quizzes.ts';
import { ZQuestion, ZQuizInput, ZTemplateCard } from '@quizlead/shared/schemas/quiz.ts';
import type { TAnswer, TQuestion, TQuiz, TQuizData } from '@quizlead/shared/schemas/quiz.ts';
import { catalogue, templateImagesDir, templateImagesUrlPath } from './index.ts';
import type { CatalogueTemplate } from './index.ts';

const duplicates = (values: string[]) => values.filter((value, index) => values.indexOf(value) !== index);

/** A play that picks, on every question, the answers `choose` returns. */
const play = (questions: TQuestion[], choose: (question: TQuestion) => TAnswer[]): TPlayAnswers =>
  Object.fromEntries(questions.map((question) => [question.id, choose(question).map((answer) => answer.id)]));

const rightAnswers = (question: TQuestion) => question.answers.filter((answer) => answer.correct);
const aWrongAnswer = (question: TQuestion) => question.answers.filter((answer) => !answer.correct).slice(0, 1);
/** Plays answering right on the first `right` questions of each group and wrong on the others, for every count. */
const gradedPlays = (groups: TQuestion[][]) =>
  Array.from(
    { length: Math.max(...groups.map((group) => group.length)) + 1 },
    (_, right) =>
      Object.assign(
        {},
        ...groups.map((group) =>
          play(group, (question) => (group.indexOf(question) < right ? rightAnswers(question) : aWrongAnswer(question))),
        ),
      ) as TPlayAnswers,
  );
/** For every total from 0 to the best, a play reaching it: greedily the heaviest answer that still fits. */
const weightedPlays = (questions: TQuestion[]) => {
  const best = questions.reduce((total, question) => total + Math.max(...question.answers.map((a) => Number(a.weight))), 0);
  return Array.from({ length: best + 1 }, (_, target) => {
    let left = target;
    return play(questions, (question) => {
      const fits = question.answers.filter((a) => Number(a.weight) <= left).sort((a, b) => Number(b.weight) - Number(a.weight));
      left -= Number(fits[0]!.weight);
      return fits.slice(0, 1);
    });
  });
};
/** A play that picks, wherever it can, the answer pointing at the personality. */
const playFor = (questions: TQuestion[], personalityId: string) =>
  play(questions, (question) => [question.answers.find((a) => a.personalityId === personalityId) ?? question.answers[0]!]);

/** The personality a result leads with, per place: the whole quiz, or each category. */
const outcomesOf = (result: TQuizResult): [string, string | undefined][] => {
  switch (result.kind) {
    case 'personality':
    case 'range':
      return [['quiz', result.personality?.id]];
    case 'multiple_personality':
      return [['quiz', result.personalities[0]?.personality.id]];
    case 'category_personality':
    case 'category_graded':
      return result.categories.map((entry) => [entry.category.title, entry.personality?.id]);
    default:
      return [];
  }
};

const imagesOf = (template: CatalogueTemplate, quiz: TQuizData) => [
  template.image,
  ...(quiz.settings.backgroundImage ? [quiz.settings.backgroundImage] : []),
  ...quiz.personalities.flatMap((personality) => (personality.image ? [personality.image] : [])),
  ...template.questions.flatMap((question) => [
    ...(question.image ? [question.image] : []),
    ...question.answers.flatMap((answer) => (answer.image ? [answer.image] : [])),
  ]),
];

describe('template catalogue', () => {
  it('has templates for every active quiz type, two for graded and personality quizzes', () => {
    const count = (type: string) => catalogue.filter((template) => template.quiz.quizType === type).length;
    for (const type of activeQuizTypes) expect(count(type), type).toBeGreaterThanOrEqual(1);
    expect(count('graded_quiz')).toBe(2);
    expect(count('personality_quiz')).toBe(2);
    expect(catalogue.every((template) => (activeQuizTypes as string[]).includes(template.quiz.quizType))).toBe(true);
  });

  it('has fixed, unique ids and titles', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const ids = [...catalogue.map((t) => t.id), ...catalogue.flatMap((t) => t.questions.map((q) => q.id))];
    for (const id of ids) expect(id).toMatch(uuid);
    expect(duplicates(ids)).toEqual([]);
    expect(duplicates(catalogue.map((t) => t.quiz.title))).toEqual([]);
  });

  it('serves every image in the images folder, and only small, self-contained SVGs', () => {
    const referenced = new Set(catalogue.flatMap((template) => imagesOf(template, ZQuizInput.parse(template.quiz))));
    const files = readdirSync(templateImagesDir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(file, 'an SVG named in lower case').toMatch(/^[a-z0-9-]+\.svg$/);
      expect(referenced.has(`${templateImagesUrlPath}${file}`), `${file} is not used by any template`).toBe(true);
      const full = path.join(templateImagesDir, file);
      expect(statSync(full).size, file).toBeLessThan(4096);
      const svg = readFileSync(full, 'utf8');
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400"'), file).toBe(true);
      expect(svg.trimEnd().endsWith('</svg>'), file).toBe(true);
      expect(svg, file).not.toMatch(/<script|<foreignObject|<image|<text|<style|\son\w+=|href|url\(|@import|<!ENTITY/i);
      expect(svg.match(/https?:\/\/[^"]*/g), file).toEqual(['http://www.w3.org/2000/svg']);
    }
  });

  describe.each(catalogue.map((template) => [template.quiz.title, template] as const))('%s', (_title, template) => {
    const quiz = ZQuizInput.parse(template.quiz);
    const traits = typeTraits(quiz.quizType);
    const questions = template.questions;
    const personalityIds = quiz.personalities.map((p) => p.id);
    const categoryIds = quiz.categories.map((c) => c.id);

    it('parses as a quiz and as questions', () => {
      expect(() => ZQuizInput.parse(template.quiz)).not.toThrow();
      for (const question of questions) expect(ZQuestion.parse(question)).toEqual(question);
      expect(() =>
        ZTemplateCard.parse({
          id: template.id,
          title: quiz.title,
          quizType: quiz.quizType,
          description: template.description,
          questionCount: questions.length,
          image: template.image,
        }),
      ).not.toThrow();
    });

    it('fills in the card, the welcome and the outcome texts', () => {
      expect(template.description.length).toBeGreaterThan(20);
      expect(template.description.length).toBeLessThanOrEqual(140);
      expect(quiz.title.length).toBeGreaterThan(0);
      expect(visibleLength(quiz.settings.welcomeMessage)).toBeGreaterThan(0);
      for (const text of [quiz.settings.welcomeMessage, quiz.settings.scoreMessage, quiz.settings.resultPageText])
        expect(visibleLength(text)).toBeLessThanOrEqual(quizLimits.richTextVisible);
      expect(quiz.settings.startButtonText.length).toBeLessThanOrEqual(quizLimits.startButtonText);
      expect(quiz.settings.offerMessage.length).toBeGreaterThan(0);
      expect(quiz.settings.offerMessage.length).toBeLessThanOrEqual(quizLimits.offerMessage);
      expect(quiz.settings.offerButtonText.length).toBeLessThanOrEqual(quizLimits.offerButtonText);
      // The offer's words are ready, but only the owner knows where its button should lead: until they
      // add a link players see no offer (shownOffer), and the builder says why.
      expect(quiz.settings.offerButtonLink).toBe('');
      expect(shownOffer(quiz.settings)).toBeNull();
      expect(quiz.settings.theme).toMatch(/^theme([1-9]|1[0-3])$/);
      // Standard forms and landing pages: nothing for the owner to fill in before publishing.
      expect(quiz.settings.emailFormType).toBe('standard');
      expect(quiz.settings.landingType).toBe('standard');
    });

    it('has 5 to 8 questions of kinds its type offers, with 2 to 4 answers each', () => {
      expect(questions.length).toBeGreaterThanOrEqual(5);
      expect(questions.length).toBeLessThanOrEqual(8);
      for (const question of questions) {
        expect(traits.questionKinds).toContain(question.kind);
        expect(visibleLength(question.title)).toBeGreaterThan(0);
        expect(visibleLength(question.title)).toBeLessThanOrEqual(quizLimits.questionTitle);
        expect(question.answers.length).toBeGreaterThanOrEqual(quizLimits.answersMin);
        expect(question.answers.length).toBeLessThanOrEqual(quizLimits.answersMax);
        expect(duplicates(question.answers.map((a) => a.id))).toEqual([]);
        expect(duplicates(question.answers.map((a) => a.text))).toEqual([]);
        for (const answer of question.answers) {
          expect(answer.text.trim()).toBe(answer.text);
          expect(answer.text.length).toBeGreaterThan(0);
        }
      }
    });

    it('marks right answers on graded types only', () => {
      for (const question of questions) {
        const correct = question.answers.filter((a) => a.correct).length;
        if (!traits.graded) {
          expect(correct, question.title).toBe(0);
          continue;
        }
        if (question.kind === 'multiple') {
          expect(correct, question.title).toBe(2);
          expect(correct, question.title).toBeLessThan(question.answers.length);
        } else {
          expect(correct, question.title).toBe(1);
        }
        if (question.kind === 'true_false') expect(question.answers.map((a) => a.text)).toEqual(['True', 'False']);
      }
      if (quiz.quizType === 'graded_quiz') {
        expect(questions.some((q) => q.kind === 'true_false')).toBe(true);
        expect(questions.some((q) => q.kind === 'multiple')).toBe(true);
      }
    });

    it('weighs every answer on the weighted type only', () => {
      for (const question of questions) {
        if (!traits.weighted) {
          expect(question.answers.every((a) => a.weight === '')).toBe(true);
          continue;
        }
        const weights = question.answers.map((a) => Number(a.weight));
        for (const answer of question.answers) expect(answer.weight).toMatch(/^\d+(\.\d+)?$/);
        // Each question can score nothing or full marks, so the range runs from 0 to 100 however it is normalised.
        expect(Math.min(...weights), question.title).toBe(0);
        expect(new Set(weights).size, question.title).toBe(weights.length);
      }
    });

    it('has personalities only where its type uses them, each with a title and a description', () => {
      if (!traits.personalities) {
        expect(quiz.personalities).toEqual([]);
        return;
      }
      expect(quiz.personalities.length).toBeGreaterThanOrEqual(quizLimits.personalitiesMin);
      expect(duplicates(personalityIds)).toEqual([]);
      expect(duplicates(quiz.personalities.map((p) => p.title))).toEqual([]);
      for (const personality of quiz.personalities) {
        expect(personality.title.length).toBeGreaterThan(0);
        expect(visibleLength(personality.description)).toBeGreaterThan(40);
        expect(visibleLength(personality.description)).toBeLessThanOrEqual(quizLimits.personalityDescription);
      }
    });

    it('points answers at existing personalities, reaching every one', () => {
      const pointed = questions.flatMap((q) => q.answers.map((a) => a.personalityId));
      if (!traits.answerPersonality) {
        expect(pointed.every((id) => id === null)).toBe(true);
        return;
      }
      for (const id of pointed) expect(personalityIds).toContain(id);
      for (const id of personalityIds) expect(pointed).toContain(id);
    });

    it('covers 0 to 100 with score ranges, every one reachable, on range types', () => {
      if (!traits.scoreRanges) return;
      const ranges = [...quiz.personalities].sort((a, b) => a.minScore - b.minScore);
      expect(ranges.length).toBeGreaterThanOrEqual(3);
      expect(ranges.length).toBeLessThanOrEqual(5);
      expect(ranges[0]!.minScore).toBe(0);
      expect(ranges.at(-1)!.maxScore).toBe(100);
      ranges.forEach((range, index) => {
        expect(range.minScore).toBeLessThanOrEqual(range.maxScore);
        if (index > 0) expect(range.minScore, range.title).toBe(ranges[index - 1]!.maxScore + 1);
      });
    });

    it('puts every question in an existing category on category types', () => {
      if (!traits.categories) {
        expect(quiz.categories).toEqual([]);
        expect(questions.every((q) => q.categoryId === null)).toBe(true);
        return;
      }
      expect(quiz.categories.length).toBeGreaterThanOrEqual(quizLimits.categoriesMin);
      expect(duplicates(categoryIds)).toEqual([]);
      for (const category of quiz.categories) {
        expect(category.title.length).toBeGreaterThan(0);
        expect(category.description.length).toBeGreaterThan(0);
        expect(questions.filter((q) => q.categoryId === category.id).length, category.title).toBeGreaterThanOrEqual(2);
      }
      for (const question of questions) expect(categoryIds).toContain(question.categoryId);
    });

    it('uses only template images that exist', () => {
      for (const image of imagesOf(template, quiz)) {
        expect(image.startsWith(templateImagesUrlPath), image).toBe(true);
        expect(existsSync(path.join(templateImagesDir, image.slice(templateImagesUrlPath.length))), image).toBe(true);
      }
    });

    const engineQuiz: TEngineQuiz = { ...quiz, questions };

    it('passes the engine’s publish checks and is stored as written', () => {
      const saved: TQuiz = { ...engineQuiz, id: template.id, status: 'draft', slug: 'x' };
      expect(validateForPublish(saved)).toBeNull();
      expect(normalizeQuiz(engineQuiz)).toEqual(engineQuiz);
    });

    it('reaches every outcome in the engine', () => {
      if (!traits.personalities) {
        const score = (answers: TPlayAnswers) => computeResult(engineQuiz, answers);
        expect(score(play(questions, rightAnswers))).toMatchObject({ kind: 'graded', percentage: 100 });
        expect(score(play(questions, aWrongAnswer))).toMatchObject({ kind: 'graded', percentage: 0 });
        return;
      }
      const groups = traits.categories
        ? quiz.categories.map((category) => questions.filter((q) => q.categoryId === category.id))
        : [questions];
      const plays = traits.answerPersonality
        ? quiz.personalities.map((personality) => playFor(questions, personality.id))
        : traits.weighted
          ? weightedPlays(questions)
          : gradedPlays(groups);
      const reached = new Map<string, Set<string | undefined>>();
      for (const answers of plays)
        for (const [where, id] of outcomesOf(computeResult(engineQuiz, answers)))
          reached.set(where, (reached.get(where) ?? new Set()).add(id));
      const places = traits.categories ? quiz.categories.map((category) => category.title) : ['quiz'];
      expect([...reached.keys()]).toEqual(places);
      for (const place of places)
        for (const personality of quiz.personalities)
          expect(reached.get(place)!.has(personality.id), `${place}: ${personality.title}`).toBe(true);
    });
  });
});
