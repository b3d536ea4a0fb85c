import { describe, expect, it } from 'vitest';
import { selectedPath } from './navigation.ts';

describe('selectedPath', () => {
  it('marks the entry of the first segment after /app, whatever its case', () => {
    expect(selectedPath('/app/')).toBe('');
    expect(selectedPath('/app/quizzes')).toBe('Quizzes');
    expect(selectedPath('/app/Quiz/Edit/123')).toBe('Quizzes');
    expect(selectedPath('/app/Account')).toBe('Account');
    expect(selectedPath('/app/Nowhere')).toBe('');
  });
});
