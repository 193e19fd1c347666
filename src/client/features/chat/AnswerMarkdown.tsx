import { Anchor, Code, Table, Text, Title } from '@mantine/core';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { METHOD_FOLD_TITLE, splitMethodFold } from '../../../shared/chat/methodFold';
import type { AnnotatedFigure } from '../../../shared/chat/types';
import { annotateFigures, FIGURE_HREF } from './annotate';
import { FigureMark } from './FigureMark';
import classes from './AgentChat.module.css';

/** GitHub-flavoured Markdown: comparisons and requested tables arrive as Markdown tables. */
const PLUGINS = [remarkGfm];

/**
 * An answer's markdown, rendered safely: react-markdown builds React elements and never inserts raw HTML, and links
 * open in a new tab without access to this page. Figures become FigureMarks. The method behind the figures, when the
 * answer gives one, sits in a closed 'How this is computed' fold after the plain-words answer.
 */
export function AnswerMarkdown({ content, figures = [] }: { content: string; figures?: readonly AnnotatedFigure[] }) {
  const components: Components = {
    a: ({ href, children }) => {
      if (href?.startsWith(FIGURE_HREF)) {
        const figure = figures[Number(href.slice(FIGURE_HREF.length))];
        return figure ? <FigureMark figure={figure}>{children}</FigureMark> : <>{children}</>;
      }
      return (
        <Anchor href={href} target="_blank" rel="noopener noreferrer nofollow">
          {children}
        </Anchor>
      );
    },
    p: ({ children }) => (
      <Text component="p" size="sm" className={classes.paragraph}>
        {children}
      </Text>
    ),
    li: ({ children }) => <li className={classes.listItem}>{children}</li>,
    h1: ({ children }) => <Title order={4}>{children}</Title>,
    h2: ({ children }) => <Title order={5}>{children}</Title>,
    h3: ({ children }) => <Title order={6}>{children}</Title>,
    code: ({ children }) => <Code>{children}</Code>,
    table: ({ children }) => (
      <Table.ScrollContainer minWidth={360} type="native">
        <Table withTableBorder striped fz="sm" data-testid="answer-table">
          {children}
        </Table>
      </Table.ScrollContainer>
    ),
    img: ({ alt }) => <Text span>{alt}</Text>,
  };
  // Figures are placed by their offsets in the whole answer, so they are marked before the fold is taken out.
  const { answer, method } = splitMethodFold(annotateFigures(content, figures));
  return (
    <div className={classes.markdown} data-testid="answer-markdown">
      <Markdown components={components} remarkPlugins={PLUGINS}>
        {answer}
      </Markdown>
      {method && (
        <details className={classes.methodFold} data-testid="method-fold">
          <summary>{METHOD_FOLD_TITLE}</summary>
          <Markdown components={components} remarkPlugins={PLUGINS}>
            {method}
          </Markdown>
        </details>
      )}
    </div>
  );
}
