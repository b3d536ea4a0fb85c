import { PreviewCard } from '../../components/engagement/PreviewCard.tsx';
import './polls.css';

interface Props {
  description: string;
  options: string[];
  colors: { background: string; text: string };
}

/** The poll as visitors will first see it: the question and a button per option. */
export function PollPreview({ description, options, colors }: Props) {
  const shown = options.map((option, index) => option.trim() || `Option ${index + 1}`);
  return (
    <PreviewCard>
      <div className="ql-poll-preview" role="figure" aria-label="Preview of the poll">
        <p className="ql-poll-preview__question">{description.trim() || 'Your question appears here.'}</p>
        <ul className="ql-poll-preview__options">
          {shown.map((option, index) => (
            <li key={index} className="ql-poll-preview__option" style={{ background: colors.background, color: colors.text }}>
              {option}
            </li>
          ))}
        </ul>
      </div>
    </PreviewCard>
  );
}
