/** What the owner reads when an item's languages or translations are refused (zod-free: the player imports itemTexts). */
export const itemLanguageMessages = {
  duplicate: 'This language is added twice',
  defaultAdded: 'The default language is not an added language',
  fixedUnknown: 'The fixed language must be the default or an added language',
  translationOfUnknown: 'Add this language before translating into it',
  keyInvalid: 'Invalid text key',
  tooLong: (max: number) => `At most ${max} characters`,
  unknownKey: (key: string) => `This item has no text '${key}'`,
} as const;
