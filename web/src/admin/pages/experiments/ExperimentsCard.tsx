import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  InlineStack,
  Modal,
  RadioButton,
  SkeletonBodyText,
  Text,
} from '@shopify/polaris';
import { useBreakpoints } from '../../useBreakpoints.ts';
import { formatMoney } from '@quizlead/shared/reports.ts';
import { experimentLimits, type TExperiment, type TVariantReport } from '@quizlead/shared/schemas/experiments.ts';
import { useState } from 'react';
import { errorNotice } from '../../api/client.ts';
import { endExperiment, listExperiments } from '../../api/experiments.ts';
import { getQuiz } from '../../api/quizzes.ts';
import { wheelApi } from '../../api/engagement.ts';
import { useResource } from '../../data/useResource.ts';
import { FiguresTable } from '../../components/FiguresTable.tsx';
import { useCan } from '../../useCan.ts';
import { isEmbedded } from '../../shell.ts';
import { useShowToast } from '../../toast.ts';
import { count, percent } from '../quizReport/format.ts';
import { ExperimentForm, type TestedItem } from './ExperimentForm.tsx';
import { experimentTexts as texts } from './texts.ts';
import './experiments.css';
import { FormProblem } from '../../components/FormProblem.tsx';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

async function loadTests(kind: 'quiz' | 'wheel', id: string, signal: AbortSignal) {
  const [tests, item] = await Promise.all([
    listExperiments(kind, id, signal),
    kind === 'quiz'
      ? getQuiz(id, signal).then((quiz): TestedItem => ({
          kind: 'quiz',
          id,
          welcomeMessage: quiz.settings.welcomeMessage,
          leadGate: quiz.settings.leadGate,
          collectEmail: quiz.settings.collectEmail,
        }))
      : wheelApi.get(id, signal).then((wheel): TestedItem => ({ kind: 'wheel', id, options: wheel.options })),
  ]);
  return { tests, item };
}

/**
 * The item's A/B tests on its report: the running test's figures per variant against the original,
 * with the verdict and End test; or, with none running, what a test is and Start test, which opens
 * the form in place. Earlier tests stay listed with the variant kept.
 */
export function ExperimentsCard({ kind, id }: { kind: 'quiz' | 'wheel'; id: string }) {
  const loaded = useResource(['experiments', kind, id], (signal) => loadTests(kind, id, signal));
  const canWrite = useCan(kind === 'quiz' ? 'quiz.write' : 'engagement.write');
  const [starting, setStarting] = useState(false);
  const [ending, setEnding] = useState<TExperiment | null>(null);
  const showToast = useShowToast();
  const state = loaded.loaded;

  let body;
  if (state.state === 'loading') {
    body = (
      <span aria-busy="true" aria-label={texts.loading}>
        <SkeletonBodyText lines={3} />
      </span>
    );
  } else if (state.state === 'failed' || state.state === 'missing') {
    body = (
      <Banner tone="warning" action={{ content: 'Try again', onAction: loaded.reload }}>
        <Text as="p">{`${texts.loadFailed} ${state.state === 'failed' ? state.message : ''}`.trim()}</Text>
      </Banner>
    );
  } else {
    const { tests, item } = state.data;
    const running = tests.find((test) => test.status === 'running') ?? null;
    const earlier = tests.filter((test) => test.status === 'ended');
    body = (
      <BlockStack gap="400">
        {running ? (
          <RunningTest test={running} canEnd={canWrite} onEnd={() => setEnding(running)} quizId={kind === 'quiz' ? id : null} />
        ) : starting ? (
          <ExperimentForm
            item={item}
            onCancel={() => setStarting(false)}
            onStarted={() => {
              setStarting(false);
              showToast(texts.started);
              loaded.reload();
            }}
          />
        ) : (
          <BlockStack gap="300">
            <Text as="h3" variant="headingSm">
              {texts.emptyTitle}
            </Text>
            <Text as="p" tone="subdued">
              {texts.emptyBody}
            </Text>
            {canWrite ? (
              <InlineStack>
                <Button
                  onClick={() => setStarting(true)}
                  disabled={item.kind === 'wheel' && item.options.length < 2}
                  accessibilityLabel={`${texts.start}: ${texts.title}`}
                >
                  {texts.start}
                </Button>
              </InlineStack>
            ) : null}
          </BlockStack>
        )}
        {earlier.length > 0 ? <EarlierTests tests={earlier} /> : null}
      </BlockStack>
    );
  }

  return (
    <Card>
      <section aria-labelledby={`ql-experiments-${id}`} className="ql-experiments">
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd" id={`ql-experiments-${id}`}>
            {texts.title}
          </Text>
          {body}
        </BlockStack>
      </section>
      {ending ? (
        <EndTestModal
          test={ending}
          onClose={() => setEnding(null)}
          onEnd={async (winner) => {
            const ended = await endExperiment(kind, id, ending.id, winner);
            setEnding(null);
            showToast(texts.ended(ended.variants.find((variant) => variant.key === ended.winner)?.name ?? winner));
            loaded.reload();
          }}
        />
      ) : null}
    </Card>
  );
}

const rateOf = (variant: TVariantReport, metric: TExperiment['metric']) =>
  variant.visitors > 0 ? (variant[metric] / variant.visitors) * 100 : 0;

function RunningTest({
  test,
  canEnd,
  onEnd,
  quizId,
}: {
  test: TExperiment;
  canEnd: boolean;
  onEnd(): void;
  quizId: string | null;
}) {
  const metricName = texts.metricName[test.metric];
  const leader = test.variants.find((variant) => variant.key === test.leader);
  const enough = test.variants.every((variant) => variant.visitors >= experimentLimits.visitorsForVerdict);
  const verdict = leader
    ? leader.key === 'a'
      ? texts.originalLeads(metricName)
      : texts.leader(leader.name, metricName)
    : enough
      ? texts.noDifference
      : texts.visitorsNeeded;
  return (
    <BlockStack gap="300">
      <InlineStack align="space-between" blockAlign="center" gap="200">
        <InlineStack gap="200" blockAlign="center">
          <Badge tone="info">{texts.running}</Badge>
          <Text as="p" tone="subdued">
            {`${texts.since(day.format(new Date(test.startedAt)))} · ${texts.decidedBy(metricName)}`}
          </Text>
        </InlineStack>
        {canEnd ? <Button onClick={onEnd}>{texts.end}</Button> : null}
      </InlineStack>
      <Banner tone={leader ? 'success' : 'info'}>
        <Text as="p">{verdict}</Text>
      </Banner>
      <VariantFigures test={test} quizId={quizId} />
    </BlockStack>
  );
}

/** Each variant's figures: a table on wide screens, a list of cards on narrow ones. */
function VariantFigures({ test, quizId }: { test: TExperiment; quizId: string | null }) {
  const { mdUp } = useBreakpoints();
  const money = (minor: number) => (test.currency ? formatMoney(minor, test.currency) : '—');
  const comparison = (variant: TVariantReport) => {
    const against = variant[`${test.metric}VsOriginal`];
    return against ? texts.difference(against.difference * 100, against.confidence) : '—';
  };
  // Orders come from a Shopify shop: a standalone account's tests show none rather than a column of zeros.
  const sells = isEmbedded() || test.currency !== null || test.metric === 'orders';
  const headings = [
    texts.columns.variant,
    texts.columns.visitors,
    texts.columns.completions,
    texts.columns.leads,
    ...(sells ? [texts.columns.orders, texts.columns.revenue] : []),
    texts.columns.vsOriginal,
  ];
  const rows = test.variants.map((variant) => [
    `${variant.name} (${variant.share}%)`,
    count(variant.visitors),
    `${count(variant.completions)} · ${percent(rateOf(variant, 'completions'))}`,
    `${count(variant.leads)} · ${percent(rateOf(variant, 'leads'))}`,
    ...(sells ? [`${count(variant.orders)} · ${percent(rateOf(variant, 'orders'))}`, money(variant.revenue)] : []),
    comparison(variant),
  ]);
  const preview = (key: string) =>
    quizId && test.subject === 'intro' ? `/quizplayer.html?quizid=${encodeURIComponent(quizId)}&preview=1&variant=${key}` : null;
  return (
    <BlockStack gap="200">
      <FiguresTable
        headings={headings}
        rows={rows}
        keys={test.variants.map((variant) => variant.key)}
        narrow={!mdUp}
        lastIsText
      />
      {test.subject === 'intro' && quizId ? (
        <InlineStack gap="300">
          {test.variants.map((variant) => (
            <Button key={variant.key} variant="plain" url={preview(variant.key)!} target="_blank">
              {`${texts.preview} ${variant.name}`}
            </Button>
          ))}
        </InlineStack>
      ) : null}
    </BlockStack>
  );
}

function EarlierTests({ tests }: { tests: TExperiment[] }) {
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        {texts.earlier}
      </Text>
      <ul className="ql-experiments__earlier">
        {tests.map((test) => {
          const kept = test.variants.find((variant) => variant.key === test.winner)?.name ?? '—';
          return (
            <li key={test.id}>
              <Text as="span">{test.variants.map((variant) => variant.name).join(' vs ')}</Text>{' '}
              <Text as="span" tone="subdued">
                {texts.endedOn(day.format(new Date(test.endedAt ?? test.startedAt)), kept)}
              </Text>
            </li>
          );
        })}
      </ul>
    </BlockStack>
  );
}

function EndTestModal({ test, onClose, onEnd }: { test: TExperiment; onClose(): void; onEnd(winner: string): Promise<void> }) {
  const [winner, setWinner] = useState<string>(test.leader ?? 'a');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const end = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await onEnd(winner);
    } catch (error) {
      setProblem(errorNotice(error));
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={texts.endTitle}
      primaryAction={{ content: texts.endAction, onAction: () => void end(), loading: busy }}
      secondaryActions={[{ content: texts.cancel, onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">{texts.endBody}</Text>
          <fieldset className="ql-experiments__keep">
            <legend>
              <Text as="span" fontWeight="semibold">
                {texts.keep}
              </Text>
            </legend>
            <BlockStack gap="100">
              {test.variants.map((variant) => (
                <RadioButton
                  key={variant.key}
                  id={`ql-keep-${variant.key}`}
                  name="winner"
                  label={variant.name}
                  helpText={variant.key === test.leader ? texts.leader(variant.name, texts.metricName[test.metric]) : undefined}
                  checked={winner === variant.key}
                  onChange={() => setWinner(variant.key)}
                />
              ))}
            </BlockStack>
          </fieldset>
          <FormProblem problem={problem} />
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
