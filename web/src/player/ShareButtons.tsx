import { t } from '@quizlead/shared/i18n/translate.ts';

/** Social sharing on the result page: four networks in 750x600 pop-ups, and email. */
const channels = [
  { name: 'Facebook', url: (page: string, text: string) => `https://www.facebook.com/sharer/sharer.php?u=${page}&quote=${text}` },
  { name: 'X (Twitter)', url: (page: string, text: string) => `https://twitter.com/intent/tweet?url=${page}&text=${text}` },
  { name: 'LinkedIn', url: (page: string) => `https://www.linkedin.com/sharing/share-offsite/?url=${page}` },
  { name: 'WhatsApp', url: (page: string, text: string) => `https://api.whatsapp.com/send?text=${text}%20${page}` },
] as const;

interface Props {
  /** The label above the buttons (settings.socialSharingText). */
  label: string;
  pageUrl: string;
  title: string;
  summary: string;
}

export function ShareButtons({ label, pageUrl, title, summary }: Props) {
  const page = encodeURIComponent(pageUrl);
  const text = encodeURIComponent(`${title}: ${summary}`);
  const mail = `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${title}: ${summary}\n${pageUrl}`)}`;
  return (
    <section className="ql-share" aria-labelledby="ql-share-label">
      <p id="ql-share-label" className="ql-share__label">
        {label}
      </p>
      <div className="ql-share__buttons">
        {channels.map((channel) => (
          <button
            key={channel.name}
            type="button"
            className="ql-chip"
            onClick={() => window.open(channel.url(page, text), '_blank', 'width=750,height=600')}
          >
            {channel.name}
          </button>
        ))}
        <a className="ql-chip" href={mail}>
          {t('player.shareEmail')}
        </a>
      </div>
    </section>
  );
}
