import { useState } from 'react';
import { useForm, useWatch, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { ApiError, errorNotice } from '../../api/client.ts';
import { useShowToast } from '../../toast.ts';
import { issueMessages } from './formErrors.ts';
import { problem, type Problem } from './ValidationBanner.tsx';

/** The shape of a shared zod schema that a form needs (kept structural: no zod import here). */
interface Schema<Body> {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: Body }
    | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

export interface EngagementFormOptions<Values extends FieldValues, Body, Saved> {
  initial: Values;
  /** The shared request schema: what the server will check, checked here first. */
  schema: Schema<Body>;
  /** The request body the form's values stand for. */
  toBody(values: Values): unknown;
  /**
   * The key a message shows under, for a path of the body ('options.1' → the second filled option's
   * row); paths it does not know stay as they are.
   */
  fieldOf?(path: string, values: Values): string;
  save(body: Body): Promise<Saved>;
  /** After a save: the toast and where to go. */
  saved(saved: Saved): void;
}

/**
 * A builder form's state on react-hook-form: the values, each field's message, the 'Validation Error'
 * banner's problem and the save. The shared schema is the form's resolver, so the form refuses what the
 * server would, with the same texts; a refusal from the server lands on the field it names. A change
 * answers the last refusal: the banner goes, and the changed field's message with it.
 */
export function useEngagementForm<Values extends FieldValues, Body, Saved>(options: EngagementFormOptions<Values, Body, Saved>) {
  const showToast = useShowToast();
  const [shownProblem, setShownProblem] = useState<Problem | null>(null);

  // In the order of the schema's issues, so the banner names the first.
  const messagesFor = (messages: Record<string, string>, values: Values) => {
    const { fieldOf } = options;
    const shown: Record<string, { type: string; message: string }> = {};
    for (const [path, message] of Object.entries(messages)) {
      shown[fieldOf ? fieldOf(path, values) : path] ??= { type: 'schema', message };
    }
    return shown;
  };

  const resolver: Resolver<Values, unknown, Body> = async (values) => {
    const parsed = options.schema.safeParse(options.toBody(values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    return { values: {}, errors: messagesFor(issueMessages(parsed.error), values) as never };
  };

  const form = useForm<Values, unknown, Body>({
    defaultValues: options.initial as DefaultValues<Values>,
    resolver,
    mode: 'onSubmit',
    // Fields are checked again only on the next submit; a change clears its own message (set).
    reValidateMode: 'onSubmit',
  });
  const values = useWatch({ control: form.control }) as Values;
  const { errors, isSubmitting } = form.formState;

  /** Clears the messages under `keys` and the banner. */
  const clear = (...keys: string[]) => {
    form.clearErrors(keys as never);
    setShownProblem(null);
  };

  const set = <K extends keyof Values & string>(field: K, value: Values[K]) => {
    form.setValue(field as never, value as never, { shouldDirty: true });
    clear(field);
  };

  const submit = form.handleSubmit(
    async (body) => {
      setShownProblem(null);
      try {
        options.saved(await options.save(body));
      } catch (error) {
        if (error instanceof ApiError && error.code === 'validation') {
          const shown = messagesFor(error.field ? { [error.field]: error.message } : {}, form.getValues());
          for (const [key, message] of Object.entries(shown)) form.setError(key as never, message);
          setShownProblem(problem(error.message));
        } else {
          showToast(errorNotice(error), { error: true });
        }
      }
    },
    (errors) => {
      const [first] = Object.values(errors as Record<string, { message?: string }>);
      setShownProblem(problem(first?.message ?? ''));
    },
  );

  /** The message under `key`, or undefined (as Polaris fields take it). */
  const error = (key: string): string | undefined =>
    (errors as Record<string, { message?: string } | undefined>)[key]?.message || undefined;

  return {
    values,
    set,
    /** Replaces the values at once (several fields moved together, as an option row's). */
    update: (change: (current: Values) => Values, ...cleared: string[]) => {
      const next = change(form.getValues());
      for (const key of Object.keys(next) as (keyof Values & string)[]) {
        if (next[key] !== form.getValues(key as never)) form.setValue(key as never, next[key] as never, { shouldDirty: true });
      }
      clear(...cleared);
    },
    error,
    clear,
    submit: () => void submit(),
    saving: isSubmitting,
    problem: shownProblem,
    dismissProblem: () => setShownProblem(null),
  };
}
