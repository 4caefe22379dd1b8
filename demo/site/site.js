// The site's own script, listening to the widget's events the way an analytics tag would.
// (An external file: the page's Content-Security-Policy allows no inline script.)
window.dataLayer = window.dataLayer || [];

document.addEventListener('enquiry-submitted', (event) => {
  const { reference, status } = event.detail;
  window.dataLayer.push({ event: 'enquiry_submitted', reference, status });
  document.querySelector('[data-next-steps]')?.classList.add('is-submitted');
});

document.addEventListener('enquiry-failed', (event) => {
  window.dataLayer.push({ event: 'enquiry_failed', reason: event.detail.reason });
});
