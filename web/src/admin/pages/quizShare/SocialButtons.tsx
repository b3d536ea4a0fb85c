import { BlockStack, Button, InlineStack, Text, TextField } from '@shopify/polaris';
import {
  shareLimits,
  socialChannelLabels,
  socialChannels,
  socialShareUrl,
  type SocialChannel,
} from '@quizlead/shared/sharing.ts';

/** Opens a network's share page in a 750 × 600 pop-up centred on this window. */
function share(channel: Exclude<SocialChannel, 'email'>, link: string, title: string) {
  const url = socialShareUrl(channel, link, title);
  const { socialPopupWidth: width, socialPopupHeight: height } = shareLimits;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  const opened = window.open(url, `quizlead-share-${channel}`, `popup,width=${width},height=${height},left=${left},top=${top}`);
  if (opened) opened.opener = null;
  else window.open(url, '_blank', 'noopener');
}

/** The five share buttons (spec section 9) and the link they share. */
export function SocialButtons({ link, title }: { link: string; title: string }) {
  return (
    <BlockStack gap="300">
      <Text as="p" tone="subdued">
        Share the quiz link with your followers:
      </Text>
      <InlineStack gap="200" wrap>
        {socialChannels.map((channel) =>
          channel === 'email' ? (
            // The mail app opens from a plain mailto: link.
            <Button key={channel} url={socialShareUrl(channel, link, title)} accessibilityLabel="Share by email">
              {socialChannelLabels[channel]}
            </Button>
          ) : (
            <Button
              key={channel}
              onClick={() => share(channel, link, title)}
              accessibilityLabel={`Share on ${socialChannelLabels[channel]}`}
            >
              {socialChannelLabels[channel]}
            </Button>
          ),
        )}
      </InlineStack>
      <TextField label="Quiz link" value={link} readOnly autoComplete="off" selectTextOnFocus />
    </BlockStack>
  );
}
