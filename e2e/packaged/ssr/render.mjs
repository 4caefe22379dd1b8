// A server-rendered page, as Next.js or Astro renders one: the package is imported in Node
// (no DOM), and React renders the element's tag with its attributes. Prints the page's HTML.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { EnquiryForm, TAG_NAME } from 'enquiry-form';

const page = createElement(
  'main',
  null,
  createElement('h1', null, 'Talk to us about your move'),
  createElement(TAG_NAME, {
    endpoint: 'https://forms.example.com',
    'case-type': 'conveyancing',
    campaign: 'ssr-page',
  }),
);
console.log(JSON.stringify({ html: renderToString(page), element: typeof EnquiryForm }));
