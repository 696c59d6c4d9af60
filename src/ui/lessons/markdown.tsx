/**
 * Lesson text (narration, questions, explanations) is Markdown written in the repository's lesson files; it is
 * rendered to React elements by markdown-to-jsx with raw HTML parsing off, so no text becomes markup it did not
 * ask for and nothing is injected as HTML.
 */
import MarkdownToJsx from 'markdown-to-jsx/react';

export function Markdown({ text, inline = false }: { text: string; inline?: boolean }) {
  return (
    <MarkdownToJsx options={{ disableParsingRawHTML: true, forceInline: inline, forceBlock: !inline, wrapper: inline ? 'span' : 'div' }}>
      {text}
    </MarkdownToJsx>
  );
}
