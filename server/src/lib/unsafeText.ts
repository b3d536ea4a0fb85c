import { limits, messages } from '@quizlead/shared/validations.ts';
import { ValidationError } from '../errors.ts';

/** Why a request value cannot reach PostgreSQL as it is. */
export type UnsafeTextProblem = 'nul' | 'surrogate' | 'depth';

export interface UnsafeText {
  problem: UnsafeTextProblem;
  /** Where it is, as zod names a field: keys and array indexes from the top. */
  path: (string | number)[];
}

/**
 * The first text in `value` that PostgreSQL would refuse or alter: a NUL character (text and jsonb
 * reject it with a 500), or half of a UTF-16 surrogate pair (jsonb rejects its escape; text columns
 * store U+FFFD instead). Object keys count as text: records end up in jsonb. Nesting deeper than
 * `limits.requestDepth` is refused too, before anything recursive (zod, JSON.stringify) meets it.
 * Walks with its own stack, so no input depth can overflow the call stack.
 */
export function findUnsafeText(value: unknown, maxDepth: number = limits.requestDepth): UnsafeText | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return { problem, path };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (path.length >= maxDepth) return { problem: 'depth', path };
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) stack.push({ value: current[index], path: [...path, index] });
      continue;
    }
    const keys = Object.keys(current);
    for (const key of keys) {
      const problem = textProblem(key);
      if (problem) return { problem, path: [...path, key] };
    }
    for (let index = keys.length - 1; index >= 0; index -= 1) {
      const key = keys[index]!;
      stack.push({ value: (current as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return undefined;
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (no `u` flag: code units). */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const loneSurrogates = new RegExp(loneSurrogate.source, 'g');

function textProblem(text: string): UnsafeTextProblem | undefined {
  if (text.includes('\u0000')) return 'nul';
  if (loneSurrogate.test(text)) return 'surrogate';
  return undefined;
}

/**
 * A path as the error envelope's `field`: the offending characters shown as U+FFFD (the answer is
 * JSON, and a lone surrogate does not survive a round trip) and every part kept short.
 */
export function fieldName(path: (string | number)[]): string {
  return path
    .map((part) => {
      const text = String(part);
      const short = text.length > 100 ? `${text.slice(0, 100)}…` : text;
      return short.replaceAll('\u0000', '\ufffd').replace(loneSurrogates, '\ufffd');
    })
    .join('.');
}

const problemMessages: Record<UnsafeTextProblem, string> = {
  nul: messages.request.nulCharacter,
  surrogate: messages.request.loneSurrogate,
  depth: messages.request.tooDeep,
};

/** Throws the 400 naming the field when `value` holds text PostgreSQL cannot store (see findUnsafeText). */
export function rejectUnsafeText(value: unknown, prefix: (string | number)[] = []): void {
  const unsafe = findUnsafeText(value);
  if (unsafe) throw ValidationError(problemMessages[unsafe.problem], fieldName([...prefix, ...unsafe.path]) || undefined);
}
