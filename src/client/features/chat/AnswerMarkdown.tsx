import { Anchor, Code, Table, Text, Title } from '@mantine/core';
import Markdown, { type Components } from 'react-markdown';
import type { AnnotatedFigure } from '../../../shared/chat/types';
import { annotateFigures, FIGURE_HREF } from './annotate';
import { FigureMark } from './FigureMark';
import classes from './AgentChat.module.css';

/**
 * An answer's markdown, rendered safely: react-markdown builds React elements and never inserts raw HTML, and links
 * open in a new tab without access to this page. Figures become FigureMarks.
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
    p: ({ children }) => <Text component="p" size="sm" className={classes.paragraph}>{children}</Text>,
    li: ({ children }) => <li className={classes.listItem}>{children}</li>,
    h1: ({ children }) => <Title order={4}>{children}</Title>,
    h2: ({ children }) => <Title order={5}>{children}</Title>,
    h3: ({ children }) => <Title order={6}>{children}</Title>,
    code: ({ children }) => <Code>{children}</Code>,
    table: ({ children }) => <Table withTableBorder striped fz="sm">{children}</Table>,
    img: ({ alt }) => <Text span>{alt}</Text>,
  };
  return (
    <div className={classes.markdown} data-testid="answer-markdown">
      <Markdown components={components}>{annotateFigures(content, figures)}</Markdown>
    </div>
  );
}
