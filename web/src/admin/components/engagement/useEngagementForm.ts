import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { errorNotice } from '../../api/client.ts';
import { useSchemaForm, type SchemaFormOptions } from '../../forms/useSchemaForm.ts';
import { useShowToast } from '../../toast.ts';
import { problem, type Problem } from './ValidationBanner.tsx';

export type EngagementFormOptions<Values extends FieldValues, Body, Saved> = Omit<
  SchemaFormOptions<Values, Body, Saved>,
  'saved' | 'refused' | 'failed' | 'toBody'
> & {
  toBody(values: Values): unknown;
  /** After a save: the toast and where to go. */
  saved(saved: Saved): void;
};

/**
 * A builder form (poll, web response, wheel) on the forms layer (forms/useSchemaForm.ts), with the
 * builders' 'Validation Error' banner naming the first refusal; a failure that is not a refusal is a
 * toast. A change answers the last refusal: the banner goes, and the changed field's message with it.
 */
export function useEngagementForm<Values extends FieldValues, Body, Saved>(options: EngagementFormOptions<Values, Body, Saved>) {
  const showToast = useShowToast();
  const [shownProblem, setShownProblem] = useState<Problem | null>(null);
  const form = useSchemaForm<Values, Body, Saved>({
    ...options,
    saved: (saved) => options.saved(saved),
    refused: (message) => setShownProblem(problem(message)),
    failed: (error) => showToast(errorNotice(error), { error: true }),
    changed: () => setShownProblem(null),
  });

  return {
    ...form,
    submit: () => {
      setShownProblem(null);
      form.submit();
    },
    problem: shownProblem,
    dismissProblem: () => setShownProblem(null),
  };
}
