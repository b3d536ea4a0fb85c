import { useForm, useWatch, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { ApiError } from '../api/client.ts';
import { issueMessages, type Issues } from './issues.ts';

/** The shape of a shared zod schema that a form needs (kept structural: no zod import here). */
export interface Schema<Body> {
  safeParse(data: unknown): { success: true; data: Body } | { success: false; error: Issues };
}

export interface SchemaFormOptions<Values extends FieldValues, Body, Saved> {
  initial: Values;
  /** The shared request schema: what the server will check, checked here first, with the same texts. */
  schema: Schema<Body>;
  /** The request body the form's values stand for (the values themselves when left out). */
  toBody?(values: Values): unknown;
  /**
   * The key a message shows under, for a path of the body ('options.1' → the second filled option's
   * row); paths it does not know stay as they are.
   */
  fieldOf?(path: string, values: Values): string;
  /**
   * The form's own checks beyond the schema (a text that is no number): messages by the body's path,
   * each shown instead of the schema's on that path.
   */
  check?(values: Values): Record<string, string>;
  save(body: Body): Promise<Saved>;
  /** After a save: the toast, where to go, or the form emptied (`reset`). */
  saved(saved: Saved, reset: () => void): void;
  /**
   * The schema or the server refused the values; `message` is the first refusal and `field`, when it shows under
   * one, the key of that field (a form moves the focus there).
   * Left out, a refusal from the server that names no field the form shows is a failure like any other (`failed`).
   */
  refused?(message: string, field: string | undefined): void;
  /** The save failed otherwise (no answer, 5xx, a limit): the form's banner or a toast. */
  failed(error: unknown): void;
  /** The owner changed a value or a message was cleared (a form drops its banner). */
  changed?(): void;
}

/**
 * A form's state on react-hook-form with a shared zod schema as its resolver: the values, each field's
 * message, the save. The form refuses what the server would, with the same texts, before sending; a
 * refusal from the server lands on the field it names. A change clears its own field's message; the
 * fields are checked again on the next submit.
 */
export function useSchemaForm<Values extends FieldValues, Body, Saved>(options: SchemaFormOptions<Values, Body, Saved>) {
  const toBody = options.toBody ?? ((values: Values) => values);

  // In the order of the schema's issues, so the first refusal is the first issue.
  const messagesFor = (messages: Record<string, string>, values: Values) => {
    const shown: Record<string, { type: string; message: string }> = {};
    for (const [path, message] of Object.entries(messages)) shown[keyOf(path, values)] ??= { type: 'schema', message };
    return shown;
  };
  const keyOf = (path: string, values: Values) => (options.fieldOf ? options.fieldOf(path, values) : path);

  /**
   * Puts a refusal from the server under the field its path names, when the form shows one: a path the form
   * maps to a field of its own (`fieldOf`), or one naming a value of the form. Answers whether it did.
   */
  const refuse = (path: string, message: string): boolean => {
    const values = form.getValues();
    const key = keyOf(path, values);
    if (key === path && !((path.split('.')[0] ?? '') in options.initial)) return false;
    form.setError(key as never, { type: 'server', message });
    return true;
  };

  const resolver: Resolver<Values, unknown, Body> = async (values) => {
    const parsed = options.schema.safeParse(toBody(values));
    const own = options.check?.(values) ?? {};
    if (parsed.success && Object.keys(own).length === 0) return { values: parsed.data, errors: {} };
    const messages = { ...(parsed.success ? {} : issueMessages(parsed.error)), ...own };
    return { values: {}, errors: messagesFor(messages, values) as never };
  };

  const form = useForm<Values, unknown, Body>({
    defaultValues: options.initial as DefaultValues<Values>,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const values = useWatch({ control: form.control }) as Values;
  const { errors, isSubmitting, isDirty } = form.formState;

  /** Clears the messages under `keys`, or every message when none is named. */
  const clear = (...keys: string[]) => {
    form.clearErrors(keys.length > 0 ? (keys as never) : undefined);
    options.changed?.();
  };

  const set = <K extends keyof Values & string>(field: K, value: Values[K]) => {
    form.setValue(field as never, value as never, { shouldDirty: true });
    clear(field);
  };

  /** Keys of the values that hold a `Type`. */
  type KeysOf<Type> = { [K in keyof Values & string]: Values[K] extends Type ? K : never }[keyof Values & string];

  const submit = form.handleSubmit(
    async (body) => {
      try {
        options.saved(await options.save(body), () => form.reset(options.initial));
        // What is saved now is what a discard goes back to, and the form is no longer dirty. A refusal the save
        // itself put under a field (the admin area's action runner answers through `refuse`) stays.
        form.reset(form.getValues(), { keepErrors: true });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'validation') {
          // Under the field it names when the form shows that field; else the banner (`refused`) or `failed`.
          const onField = error.field ? refuse(error.field, error.message) : false;
          if (!onField && !options.refused) return options.failed(error);
          options.refused?.(error.message, onField ? keyOf(error.field!, form.getValues()) : undefined);
        } else {
          options.failed(error);
        }
      }
    },
    (found) => {
      const [first] = Object.entries(found as Record<string, { message?: string }>);
      options.refused?.(first?.[1].message ?? '', first?.[0]);
    },
  );

  /** The message under `key`, or undefined (as Polaris fields take it). */
  const error = (key: string): string | undefined =>
    (errors as Record<string, { message?: string } | undefined>)[key]?.message || undefined;

  return {
    values,
    set,
    /** Replaces the values at once (several fields moved together, as an option row's), clearing the messages under `cleared` only. */
    update: (change: (current: Values) => Values, ...cleared: string[]) => {
      const next = change(form.getValues());
      for (const key of Object.keys(next) as (keyof Values & string)[]) {
        if (next[key] !== form.getValues(key as never)) form.setValue(key as never, next[key] as never, { shouldDirty: true });
      }
      if (cleared.length > 0) form.clearErrors(cleared as never);
      options.changed?.();
    },
    error,
    /** A text field's props bound to the value `key`: its value, its change and its message. */
    field: <K extends KeysOf<string>>(key: K) => ({
      value: values[key] as string,
      onChange: (value: string) => set(key, value as Values[K]),
      error: error(key),
    }),
    /** A switch's props bound to the yes-or-no value `key`. */
    toggle: <K extends KeysOf<boolean>>(key: K) => ({
      checked: values[key] as boolean,
      onChange: (on: boolean) => set(key, on as Values[K]),
    }),
    clear,
    /** A refusal the form learned another way (the admin area's action runner): under its field, if shown (`true`). */
    refuse,
    submit: () => void submit(),
    saving: isSubmitting,
    /** The values differ from the ones last saved (or first given). */
    dirty: isDirty,
    /** Back to the values last saved, every message cleared. */
    discard: () => {
      form.reset();
      options.changed?.();
    },
  };
}
