import { Banner, Button, Card, Form, FormLayout, Text, TextField } from '@shopify/polaris';
import {
  referralLimits,
  referralMessages,
  ZReferFriendRequest,
  type TReferFriendRequest,
} from '@quizlead/shared/schemas/referrals.ts';
import { limits } from '@quizlead/shared/validations.ts';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/client.ts';
import { inviteFriend } from '../../api/referrals.ts';
import { fieldErrors } from '../../forms.ts';
import { useShowToast } from '../../toast.ts';
import { referTexts } from './texts.ts';

type Field = keyof TReferFriendRequest;
const empty: TReferFriendRequest = { friendName: '', friendEmail: '' };

/**
 * The spec's form (friend_name, friend_email): the shared schema checks it before sending and the server
 * checks it again, with what only it knows (already invited, already a user, the daily limit).
 */
export function ReferFriendForm({ onSent }: { onSent(): void }) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);
  const showToast = useShowToast();

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit() {
    setFailure(undefined);
    const parsed = ZReferFriendRequest.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setSending(true);
    try {
      const sent = await inviteFriend(parsed.data);
      setValues(empty);
      setErrors({});
      showToast(sent.message);
      onSent();
    } catch (error) {
      if (error instanceof ApiError && (error.field === 'friendName' || error.field === 'friendEmail'))
        setErrors({ [error.field]: error.message });
      else setFailure(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <Card>
      <Form onSubmit={() => void submit()} noValidate>
        <FormLayout>
          <Text as="h2" variant="headingMd">
            {referTexts.formTitle}
          </Text>
          {failure ? (
            <Banner tone="critical" title={referralMessages.sendErrorTitle} onDismiss={() => setFailure(undefined)}>
              <p>{failure}</p>
            </Banner>
          ) : null}
          <FormLayout.Group>
            <TextField
              label={referTexts.friendName}
              value={values.friendName}
              onChange={set('friendName')}
              error={errors.friendName}
              maxLength={referralLimits.friendName}
              autoComplete="off"
            />
            <TextField
              label={referTexts.friendEmail}
              type="email"
              value={values.friendEmail}
              onChange={set('friendEmail')}
              error={errors.friendEmail}
              maxLength={limits.email}
              autoComplete="off"
            />
          </FormLayout.Group>
          <Button submit variant="primary" loading={sending}>
            {referTexts.send}
          </Button>
        </FormLayout>
      </Form>
    </Card>
  );
}
