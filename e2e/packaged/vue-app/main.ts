/// <reference types="enquiry-form/frameworks" />
import 'enquiry-form';
import type { EnquirySubmittedDetail } from 'enquiry-form';
import { createApp, h, ref } from 'vue';

const proxy = new URLSearchParams(location.search).get('proxy') ?? '';

createApp({
  setup() {
    const reference = ref('');
    const heard = (event: CustomEvent<EnquirySubmittedDetail>) => {
      reference.value = event.detail.reference;
    };
    return () =>
      h('main', [
        h('h1', 'Talk to us about your move'),
        h('enquiry-form', {
          endpoint: proxy,
          'case-type': 'conveyancing',
          campaign: 'vue-app',
          referer: 'fixture',
          onEnquirySubmitted: heard,
        }),
        h('p', { role: 'status' }, reference.value && `The app heard: ${reference.value}`),
      ]);
  },
}).mount('#app');
