import { Link } from '@tanstack/react-router';
import Markdown from 'react-markdown';

const prose =
  'space-y-3 break-words text-slate-800 [&_a]:font-semibold [&_a]:text-brand-800 [&_a]:underline [&_ul]:list-disc [&_ul]:pl-5';

/** A tip's message: markdown without raw HTML; links inside the app navigate without a reload. */
export function TipMarkdown({ children }: { children: string }) {
  return (
    <div className={prose}>
      <Markdown
        components={{
          a: ({ href, children: text }) =>
            href?.startsWith('/') && !href.startsWith('//') ? (
              <Link to={href}>{text}</Link>
            ) : (
              <a href={href} rel="noopener noreferrer" target="_blank">
                {text}
              </a>
            ),
        }}
      >
        {children}
      </Markdown>
    </div>
  );
}
