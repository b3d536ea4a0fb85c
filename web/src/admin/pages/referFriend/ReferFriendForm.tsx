import { Banner, Button, Card, Form, FormLayout, Text, TextField } from '@shopify/polaris';
import {
  referralLimits,
  referralMessages,
  ZReferFriendRequest,
  type TReferFriendRequest,
} from '@quizlead/shared/schemas/referrals.ts';
import { limits } from '@quizlead/shared/validations.ts';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { inviteFriend } from '../../api/referrals.ts';
import { useSchemaForm } from '../../forms/useSchemaForm.ts';
import { useShowToast } from '../../toast.ts';
import { referTexts } from './texts.ts';

const empty: TReferFriendRequest = { friendName: '', friendEmail: '' };

/**
 * The spec's form (friend_name, friend_email): the shared schema checks it before sending and the server
 * checks it again, with what only it knows (already invited, already a user, the daily limit).
 */
export function ReferFriendForm({ onSent }: { onSent(): void }) {
  const [failure, setFailure] = useState<string>();
  const showToast = useShowToast();
  const form = useSchemaForm({
    initial: empty,
    schema: ZReferFriendRequest,
    save: inviteFriend,
    saved(sent, reset) {
      reset();
      showToast(sent.message);
      onSent();
    },
    refused: (message, field) => setFailure(field ? undefined : message),
    failed: (error) => setFailure(errorMessage(error)),
  });
  const { field } = form;

  return (
    <Card>
      <Form
        onSubmit={() => {
          setFailure(undefined);
          form.submit();
        }}
        noValidate
      >
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
              {...field('friendName')}
              maxLength={referralLimits.friendName}
              autoComplete="off"
            />
            <TextField
              label={referTexts.friendEmail}
              type="email"
              {...field('friendEmail')}
              maxLength={limits.email}
              autoComplete="off"
            />
          </FormLayout.Group>
          <Button submit variant="primary" loading={form.saving}>
            {referTexts.send}
          </Button>
        </FormLayout>
      </Form>
    </Card>
  );
}
