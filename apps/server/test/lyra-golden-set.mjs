/**
 * Lyra's golden set: questions written from the store's seed content, each with where its
 * FIRST citation must point (a path with its anchor, or a bare path when any section of that
 * page will do; several when the store states the same fact in more than one place), and
 * out-of-scope questions Lyra must decline. Used by lyra-golden-set.test.ts and bench/lyra-query.mjs (plain JavaScript, so the bench can load it).
 */
/** @type {import('./lyra-golden-set.d.mts').GoldenQuestion[]} */
export const GOLDEN_QUESTIONS = [
  // Licensing and activation
  {
    question: 'How many computers can I use reMIDI 4 on?',
    cite: [
      '/support#licensing',
      '/remidi-4-installation#activating-your-licence',
      '/terms-and-conditions#3-licence-keys-and-activations',
      '/products/remidi-4',
    ],
  },
  { question: 'How do I move my licence to a new computer?', cite: ['/support#licensing', '/terms-and-conditions#3-licence-keys-and-activations'] },
  { question: 'How do I deactivate reMIDI 4 on a computer?', cite: ['/remidi-4-installation#activating-your-licence', '/remidi-4-installation#uninstalling'] },
  { question: 'My old computer broke, how do I free the activation?', cite: ['/support#licensing', '/remidi-4-installation#activating-your-licence'] },
  {
    question: 'Does activation need an internet connection?',
    cite: ['/remidi-4-installation#activating-your-licence', '/terms-and-conditions#3-licence-keys-and-activations', '/remidi-4-installation#before-you-start'],
  },
  {
    question: 'Where do I find my licence key?',
    cite: ['/remidi-4-installation#before-you-start', '/terms-and-conditions#3-licence-keys-and-activations', '/support#licensing'],
  },
  { question: 'Activation failed, what should I check?', cite: ['/remidi-4-installation#troubleshooting'] },
  { question: 'How do I replace my trial key with the full serial?', cite: ['/remidi-4-installation#activating-your-licence', '/support#licensing'] },
  {
    question: 'Can I authorize the plugin on three machines?',
    cite: ['/support#licensing', '/remidi-4-installation#activating-your-licence', '/terms-and-conditions#3-licence-keys-and-activations'],
  },
  { question: 'Is the license transferable or can I resell it?', cite: ['/terms-and-conditions#2-your-licence'] },
  // Refunds
  { question: 'How long do I have to ask for a refund?', cite: ['/refund-policy#at-a-glance', '/refund-policy#plugins-30-days'] },
  { question: 'Can I get my money back for a plugin?', cite: ['/refund-policy#plugins-30-days', '/refund-policy#at-a-glance'] },
  { question: 'When will the refund appear on my card?', cite: ['/refund-policy#when-you-get-your-money-back', '/refund-policy#at-a-glance'] },
  { question: 'Can I return a sample pack I do not like?', cite: ['/refund-policy#sample-packs-and-midi'] },
  { question: 'How do I request a refund?', cite: ['/refund-policy#how-to-request-a-refund'] },
  { question: 'What happens with a chargeback?', cite: ['/refund-policy#chargebacks'] },
  { question: 'Do I have to deactivate my licence before a plugin refund?', cite: ['/refund-policy#plugins-30-days', '/refund-policy#at-a-glance'] },
  // Installation and the plugin
  { question: 'What are the system requirements for reMIDI 4?', cite: ['/remidi-4-installation#before-you-start', '/products/remidi-4'] },
  { question: 'Where do I copy the VST3 on Windows?', cite: ['/remidi-4-installation#windows'] },
  { question: 'How do I install the Audio Units version on macOS?', cite: ['/remidi-4-installation#macos'] },
  { question: 'macOS says it cannot verify the plugin (Gatekeeper)', cite: ['/remidi-4-installation#macos'] },
  { question: 'reMIDI 4 does not show up in my DAW', cite: ['/remidi-4-installation#troubleshooting'] },
  { question: 'How do I update reMIDI 4 to a new version?', cite: ['/remidi-4-installation#updating'] },
  { question: 'How do I uninstall reMIDI 4?', cite: ['/remidi-4-installation#uninstalling'] },
  { question: 'Does reMIDI 4 work in a 32-bit host?', cite: ['/remidi-4-installation#troubleshooting'] },
  // Manual facts
  {
    question: 'How many pads does reMIDI 4 have?',
    cite: ['/user-manuals/remidi-4-user-manual#pages-and-pads', '/user-manuals/remidi-4-user-manual#overview', '/products/remidi-4'],
  },
  { question: 'What does the Humanize tool do?', cite: ['/user-manuals/remidi-4-user-manual#humanize'] },
  { question: 'How does Quantize work in the editor?', cite: ['/user-manuals/remidi-4-user-manual#quantize'] },
  { question: 'What is pad auto-bind?', cite: ['/user-manuals/remidi-4-user-manual#pad-auto-bind'] },
  {
    question: 'How do I route MIDI channels to instruments in my DAW?',
    cite: ['/user-manuals/remidi-4-user-manual#daw-routing', '/user-manuals/remidi-4-user-manual#midi-channels'],
  },
  { question: 'What does Global Speed change?', cite: ['/user-manuals/remidi-4-user-manual#global-speed'] },
  { question: 'How do I record what reMIDI 4 plays?', cite: ['/user-manuals/remidi-4-user-manual#recording-what-remidi-4-plays'] },
  // Accounts, downloads, security
  { question: 'How long do download links last?', cite: ['/support#downloads'] },
  { question: 'I bought as a guest, how do I see my orders?', cite: ['/support#accounts'] },
  { question: 'How do I check the SHA-256 checksum of a download?', cite: ['/support#downloads'] },
  { question: 'I forgot my password', cite: ['/support#accounts'] },
  { question: 'Do you store my card number?', cite: ['/support#security', '/privacy-policy'] },
  // Prices, deals, products
  { question: 'How much does reMIDI 4 cost?', cite: ['/products/remidi-4'] },
  { question: 'Is there a deal on reChannel?', cite: ['/products/rechannel'] },
  { question: 'What key and tempo are the SAMPLE LOOPS vol.1 in?', cite: ['/products/sw-select-sample-loops-vol-1'] },
  { question: 'Is there a free sample pack?', cite: ['/products/sw-free-chord-starter'] },
  {
    question: 'How long is the reMIDI 4 trial?',
    cite: ['/products/remidi-4-trial', '/support#licensing', '/refund-policy#try-before-you-buy', '/remidi-4-installation#activating-your-licence'],
  },
  { question: 'Do reMIDI 3 owners get a free upgrade?', cite: ['/support#licensing', '/terms-and-conditions#7-updates-and-upgrades', '/products/remidi-4'] },
  { question: 'What does the jazz MIDI collection include?', cite: ['/products/sw-jazz-complete-vol-1-11'] },
  // Policies
  { question: 'Do you sell my email address to others?', cite: ['/marketing-policy#we-never-sell-our-list', '/privacy-policy'] },
  { question: 'How do I unsubscribe from the newsletter?', cite: ['/marketing-policy#unsubscribing'] },
  { question: 'How long do you keep my personal data?', cite: ['/privacy-policy#how-long-we-keep-it'] },
  { question: 'What cookies does the store use?', cite: ['/cookie-policy'] },
  { question: 'Can I use the loops in commercial music royalty-free?', cite: ['/terms-and-conditions#2-your-licence'] },
];

/** Questions about anything but the store: Lyra must decline them. */
/** @type {string[]} */
export const OUT_OF_SCOPE_QUESTIONS = [
  'What is the capital of France?',
  'Who won the football world cup in 2018?',
  'How do I bake sourdough bread?',
  'What is the weather tomorrow in Berlin?',
  'Write me a poem about the sea',
  'What is the square root of 144?',
  'Who was the first president of the United States?',
  'How far is the moon from the earth?',
  'Recommend a good pizza restaurant near me',
  'Translate good morning into Japanese',
];

/** True when `url` is one of the acceptable citations (a bare path accepts any anchor of that page). */
/** @param {string | undefined} url @param {string[]} acceptable */
export function citesAcceptably(url, acceptable) {
  if (url === undefined) return false;
  const path = url.split('#')[0];
  return acceptable.some((expected) => (expected.includes('#') ? url === expected : path === expected));
}
