/// <reference types="enquiry-form/frameworks" />
import 'enquiry-form';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

const proxy = new URLSearchParams(location.search).get('proxy') ?? '';

function App() {
  const [reference, setReference] = useState('');
  return (
    <main>
      <h1>Talk to us about your move</h1>
      <enquiry-form
        endpoint={proxy}
        case-type="conveyancing"
        campaign="react-app"
        referer="fixture"
        onenquiry-submitted={(event) => setReference(event.detail.reference)}
      />
      <p role="status">{reference && `The app heard: ${reference}`}</p>
    </main>
  );
}

const root = document.getElementById('app');
if (root) createRoot(root).render(<App />);
