import { describe, expect, it } from 'vitest';
import { contrast, readableOn, textOn, validColor } from './color.ts';

describe('colour helpers', () => {
  it('measures WCAG contrast', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#8144e5', '#ffffff')).toBeGreaterThan(4.5);
    expect(contrast('nope', '#ffffff')).toBe(1);
  });

  it('keeps text readable on owner colours', () => {
    expect(readableOn('#ffb400')).toBe('#1a1a1a');
    expect(readableOn('#3a86ff')).toBe('#1a1a1a');
    expect(readableOn('#8144e5')).toBe('#ffffff');
    expect(textOn('#8144e5', '#ffffff')).toBe('#ffffff');
    expect(textOn('#ffeb3b', '#ffffff')).toBe('#1a1a1a');
    expect(validColor('#12ab34', '#000000')).toBe('#12ab34');
    expect(validColor('', '#000000')).toBe('#000000');
  });
});
