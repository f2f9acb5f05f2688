import { coverMediaItem } from './cover-files';
import type { SeedFile, SeedProduct } from './seed-types';

/**
 * The seed catalogue of the SongWish store: the products, texts, prices, deals and
 * release history that a fresh installation starts with.
 *
 * Prices are integer minor units (USD cents). Every text here describes the product
 * as it is; nothing is quoted from third parties.
 */

const PLUGIN_REQUIREMENTS = `## System requirements

- macOS 11 or later (Apple silicon and Intel)
- Windows 10 or Windows 11, 64-bit
- A VST3 host (macOS and Windows) or an AU host (macOS)`;

/** The mac and Windows downloads of one plugin release. */
function pluginFiles(productName: string, filePrefix: string, version: string): SeedFile[] {
  return [
    {
      os: 'mac',
      format: 'zip',
      filename: `${filePrefix}-${version}-mac.zip`,
      recipe: { kind: 'plugin', productName, version, os: 'mac' },
    },
    {
      os: 'windows',
      format: 'zip',
      filename: `${filePrefix}-${version}-win.zip`,
      recipe: { kind: 'plugin', productName, version, os: 'windows' },
    },
  ];
}

/** The single image every product starts with: its generated cover. */
function coverImage(path: string, displayName: string): SeedProduct['media'] {
  return [coverMediaItem(path, displayName)];
}

export const seedProducts: SeedProduct[] = [
  // 1. reMIDI 4 — the flagship
  {
    path: 'remidi-4',
    sku: 'SW-REMIDI4',
    displayName: 'reMIDI 4',
    category: 'Plugins',
    priceMinor: 7900,
    live: true,
    downloadable: true,
    licenceSeats: 3,
    summaryHtml:
      '<p><strong>reMIDI 4</strong> is our MIDI pad-mapping plugin: 128 pads across 16 MIDI channels, a pad editor and direct routing into your DAW. <em>VST3 and AU, macOS and Windows.</em></p>',
    descriptionMarkdown: `## Turn MIDI into playable pads

reMIDI 4 maps your MIDI onto a grid of pads you can play, edit and route straight into your DAW. Sketch a chord idea on one pad, slice a phrase across several, and trigger them from any controller.

## What is inside

- **128 pads in 8 pages of 16**, working across all **16 MIDI channels**
- **Pad editor with editor tools** to shape the notes behind each pad, plus a **keys display** that shows what a pad plays
- **Zoom from 50% to 200%** in the editor
- **Override velocity** from 0.0 to 1.2 and **humanize** from 0.0 to 1.0
- **Global Speed** of /2, 1 or x2
- **Slice offset** by index, from 0 to 127
- **16 pad colours** and **favourites** to keep your best pads within reach
- **Pad auto-bind**: the pad's note number turns red until a note is received; click the pad to confirm the binding
- **DAW routing**: Global Sum Channels send on MIDI channel 1 and Preview Sum Channels on MIDI channel 16

The [user manual](/user-manuals/remidi-4-user-manual) covers the pad grid, editor, settings and routing in detail.

## Licence and upgrades

- One licence activates reMIDI 4 on **up to 3 computers**.
- **reMIDI 3 owners upgrade for free.**
- **reMIDI 2 owners get 85% off**: contact [support](/support) with the email address of your reMIDI 2 order and we will send you the upgrade.

Not sure yet? Try the [14-day free trial](/products/remidi-4-trial) first.

${PLUGIN_REQUIREMENTS}

Setting up for the first time? Follow the [installation guide](/remidi-4-installation).`,
    cover: { motif: 'keys', from: '#14213d', to: '#8ef971' },
    media: coverImage('remidi-4', 'reMIDI 4'),
    relatedPaths: ['remidi-4-trial', 'rechannel', 'sw-jazz-complete-vol-1-11'],
    sortOrder: 10,
    versions: [
      {
        version: '4.0.0',
        releasedAt: '2026-03-02T10:00:00Z',
        changelogMarkdown: `- First release of reMIDI 4
- New pad grid: 128 pads in 8 pages of 16, across 16 MIDI channels
- New pad editor with editor tools and a keys display
- 16 pad colours and favourites
- DAW routing with Global Sum Channels (MIDI channel 1) and Preview Sum Channels (MIDI channel 16)
- Native support for Apple silicon`,
        files: pluginFiles('reMIDI 4', 'reMIDI-4', '4.0.0'),
      },
      {
        version: '4.1.0',
        releasedAt: '2026-06-15T10:00:00Z',
        changelogMarkdown: `- Added pad auto-bind: the note number shows red until a note is received, then a click on the pad confirms it
- Added Global Speed options /2 and x2
- Editor zoom now goes from 50% to 200%
- Humanize is now adjustable in finer steps
- Fixed pad colours resetting after duplicating a page
- Fixed the keys display labelling octaves one too low`,
        files: pluginFiles('reMIDI 4', 'reMIDI-4', '4.1.0'),
      },
      {
        version: '4.2.1',
        releasedAt: '2026-10-20T10:00:00Z',
        changelogMarkdown: `- Slice offset can now be set by index (0 to 127)
- Override velocity range extended to 1.2
- Faster loading of projects with all 8 pages in use
- Fixed blurry text on high-DPI displays on Windows
- Fixed favourites not being restored when a project is reopened
- Fixed an AU validation warning in some macOS hosts`,
        files: pluginFiles('reMIDI 4', 'reMIDI-4', '4.2.1'),
      },
    ],
  },

  // 2. reMIDI 4 Trial
  {
    path: 'remidi-4-trial',
    sku: 'SW-REMIDI4-TRIAL',
    displayName: 'reMIDI 4 Trial',
    category: 'Plugins',
    priceMinor: 0,
    live: true,
    downloadable: true,
    licenceSeats: 1,
    summaryHtml:
      '<p>Try <strong>reMIDI 4</strong> free for <strong>14 days</strong> in your own sessions. When you are ready, the full version is one click away.</p>',
    descriptionMarkdown: `## Try reMIDI 4 for 14 days

The reMIDI 4 Trial is the easiest way to find out whether reMIDI 4 fits the way you write. Check out at $0, download the installer for your computer and use the 14-day trial key you receive with your order.

## What you get

- The current release of reMIDI 4, version 4.2.1, for macOS and Windows
- A 14-day trial key for one computer
- The same pad grid as the full version: 128 pads in 8 pages of 16 across 16 MIDI channels, the pad editor, keys display and DAW routing

## Getting started

1. Add the trial to your cart and check out (no payment needed).
2. Download the zip for your system from your order email or your account.
3. Follow the [installation guide](/remidi-4-installation).
4. Open the [user manual](/user-manuals/remidi-4-user-manual) to find your way around the pads and the editor.

## When the trial ends

Buy the [full version of reMIDI 4](/products/remidi-4) to keep using it. A full licence works on up to 3 computers, and reMIDI 3 owners upgrade for free.

${PLUGIN_REQUIREMENTS}

Questions during your trial? Our [support](/support) page is the place to start.`,
    cover: { motif: 'keys', from: '#14213d', to: '#5fb4a2', label: 'TRIAL' },
    media: coverImage('remidi-4-trial', 'reMIDI 4 Trial'),
    relatedPaths: ['remidi-4', 'rechannel', 'sw-free-chord-starter'],
    sortOrder: 20,
    versions: [
      {
        version: '4.2.1',
        releasedAt: '2026-10-20T10:00:00Z',
        changelogMarkdown: `- Trial build of reMIDI 4.2.1
- Slice offset can now be set by index (0 to 127)
- Override velocity range extended to 1.2
- Fixed blurry text on high-DPI displays on Windows
- Fixed an AU validation warning in some macOS hosts`,
        files: pluginFiles('reMIDI 4 Trial', 'reMIDI-4-Trial', '4.2.1'),
      },
    ],
  },

  // 3. reChannel — on a launch deal
  {
    path: 'rechannel',
    sku: 'SW-RECHANNEL',
    displayName: 'reChannel',
    category: 'Plugins',
    priceMinor: 2900,
    discountPercent: 20,
    discountPercentStyle: 'text',
    discountReason: 'Launch offer',
    live: true,
    downloadable: true,
    licenceSeats: 3,
    summaryHtml: '<p><strong>reChannel</strong> routes, splits and filters MIDI across all 16 channels. A small, focused companion to reMIDI 4.</p>',
    descriptionMarkdown: `## Put every note on the right channel

reChannel sits between your MIDI source and your instruments and decides where each note goes. Split a keyboard into bass and chords, send soft notes to one instrument and hard hits to another, or tidy up a part before it reaches the synth. It pairs naturally with [reMIDI 4](/products/remidi-4), and works with any MIDI you send it.

## Features

- **Split by note range or velocity**: route each lane to any of the 16 MIDI channels
- **Channel remap matrix**: move incoming channels to new ones at a glance, 16 by 16
- **Note filter**: let through only the notes you want and drop the rest
- **Transposition per lane**: shift each lane up or down in semitones
- **CC pass-through**: controller messages such as mod wheel and sustain carry on to their destination

## Ideas to try

- Play bass with your left hand and pads with your right from one keyboard
- Layer a second instrument that only answers the loudest notes
- Send reMIDI 4 pads to different instruments without rewiring your session

## Licence

One licence activates reChannel on **up to 3 computers**. Launch offer: 20% off for a limited time.

${PLUGIN_REQUIREMENTS}

Need a hand with setup? Visit [support](/support).`,
    cover: { motif: 'channels', from: '#2b1d4a', to: '#f2a65a', label: '-20%' },
    media: coverImage('rechannel', 'reChannel'),
    relatedPaths: ['remidi-4', 'remidi-4-trial'],
    sortOrder: 30,
    versions: [
      {
        version: '1.0.0',
        releasedAt: '2026-05-04T10:00:00Z',
        changelogMarkdown: `- First release of reChannel
- Route notes by range or velocity to any of 16 MIDI channels
- Channel remap matrix, note filter and per-lane transposition
- CC pass-through`,
        files: pluginFiles('reChannel', 'reChannel', '1.0.0'),
      },
      {
        version: '1.0.2',
        releasedAt: '2026-09-01T10:00:00Z',
        changelogMarkdown: `- Fixed hanging notes when a split point was moved while notes were held
- Fixed the remap matrix not restoring its state in some hosts
- Sustain pedal messages now follow the lane that played the note
- Small layout fixes on Windows at 125% and 150% display scaling`,
        files: pluginFiles('reChannel', 'reChannel', '1.0.2'),
      },
    ],
  },

  // 4. SW SELECT: SAMPLE LOOPS vol.1
  {
    path: 'sw-select-sample-loops-vol-1',
    sku: 'SW-SELECT-LOOPS-1',
    displayName: 'SW SELECT: SAMPLE LOOPS vol.1',
    category: 'Sample Packs',
    priceMinor: 2499,
    live: true,
    downloadable: true,
    licenceSeats: null,
    summaryHtml: '<p>Warm <strong>neo-soul and lo-fi</strong> loops at 84 bpm in A minor: <strong>16 MIDI and 16 WAV files</strong>, 24-bit / 44.1 kHz.</p>',
    descriptionMarkdown: `## Late-night keys and dusty chords

SW SELECT: SAMPLE LOOPS vol.1 is a set of warm neo-soul and lo-fi loops, all at 84 bpm in A minor, so they sit together in one session without any stretching. Rich seventh and ninth chords, soft melodic lines and laid-back phrasing give you a starting point for a beat, a song sketch or a bed for vocals.

## What you get

- **16 WAV loops**, 24-bit / 44.1 kHz
- **16 MIDI files**, so you can play the same ideas with your own instruments, change the voicings or rewrite the melody
- Tempo **84 bpm**, key **A minor**
- The full product is **111 MB**, delivered as a single zip

## Use the MIDI

Every loop comes with MIDI, which means you are never stuck with a sound. Drop the MIDI onto your favourite electric piano or synth, move it to another key, or load it into [reMIDI 4](/products/remidi-4) and spread the parts across pads.

## Formats

- WAV (24-bit, 44.1 kHz)
- Standard MIDI files (.mid)

## Licence

The loops are **royalty-free in your own music**: use them in tracks you release, stream and sell. You may not resell or redistribute the loops themselves, alone or as part of another sample product.

Looking for a brighter sound? See [vol.2](/products/sw-select-sample-loops-vol-2). Questions? Visit [support](/support).`,
    cover: { motif: 'wave', from: '#3b1f2b', to: '#e9a46a' },
    media: coverImage('sw-select-sample-loops-vol-1', 'SW SELECT: SAMPLE LOOPS vol.1'),
    relatedPaths: ['sw-select-sample-loops-vol-2', 'sw-jazz-complete-vol-1-11', 'sw-free-chord-starter'],
    sortOrder: 40,
    versions: [
      {
        version: '1.0.0',
        releasedAt: '2026-02-10T10:00:00Z',
        changelogMarkdown: `- First release: 16 MIDI and 16 WAV loops at 84 bpm in A minor`,
        files: [
          {
            os: 'any',
            format: 'zip',
            filename: 'SW-SELECT-Sample-Loops-Vol-1.zip',
            recipe: {
              kind: 'sample-pack',
              title: 'SW SELECT Sample Loops vol.1',
              seed: 101,
              bpm: 84,
              key: 'A minor',
              loops: 16,
            },
          },
        ],
      },
    ],
  },

  // 5. SW SELECT: SAMPLE LOOPS vol.2 — on a deal
  {
    path: 'sw-select-sample-loops-vol-2',
    sku: 'SW-SELECT-LOOPS-2',
    displayName: 'SW SELECT: SAMPLE LOOPS vol.2',
    category: 'Sample Packs',
    priceMinor: 2499,
    discountPercent: 15,
    discountPercentStyle: 'number',
    discountReason: 'Bundle week',
    live: true,
    downloadable: true,
    licenceSeats: null,
    summaryHtml:
      '<p>Bright <strong>melodic house and pop</strong> loops at 122 bpm in F major: <strong>16 MIDI and 16 WAV files</strong>, 24-bit / 44.1 kHz.</p>',
    descriptionMarkdown: `## Bright chords for the dance floor

SW SELECT: SAMPLE LOOPS vol.2 moves to the daytime: melodic house and pop loops at 122 bpm in F major. Think uplifting piano stabs, plucked arpeggios and open chord progressions that carry a topline. Every loop shares the same tempo and key, so you can stack them straight away.

## What you get

- **16 WAV loops**, 24-bit / 44.1 kHz
- **16 MIDI files** that match the loops, ready for your own synths and pianos
- Tempo **122 bpm**, key **F major**
- The full product is **111 MB**, delivered as a single zip

## Make it yours

Use the WAV loops as they are, or take the MIDI and change the sound, the rhythm or the key. The MIDI also works well on pads in [reMIDI 4](/products/remidi-4), where you can trigger sections live while you arrange.

## Formats

- WAV (24-bit, 44.1 kHz)
- Standard MIDI files (.mid)

## Licence

The loops are **royalty-free in your own music**: use them in tracks you release, stream and sell. You may not resell or redistribute the loops themselves, alone or as part of another sample product.

Bundle week: 15% off for a limited time. Want something warmer and slower? Try [vol.1](/products/sw-select-sample-loops-vol-1). Questions? Visit [support](/support).`,
    cover: { motif: 'wave', from: '#0f3b57', to: '#f7d154' },
    media: coverImage('sw-select-sample-loops-vol-2', 'SW SELECT: SAMPLE LOOPS vol.2'),
    relatedPaths: ['sw-select-sample-loops-vol-1', 'sw-free-chord-starter', 'remidi-4'],
    sortOrder: 50,
    versions: [
      {
        version: '1.0.0',
        releasedAt: '2026-04-14T10:00:00Z',
        changelogMarkdown: `- First release: 16 MIDI and 16 WAV loops at 122 bpm in F major`,
        files: [
          {
            os: 'any',
            format: 'zip',
            filename: 'SW-SELECT-Sample-Loops-Vol-2.zip',
            recipe: {
              kind: 'sample-pack',
              title: 'SW SELECT Sample Loops vol.2',
              seed: 202,
              bpm: 122,
              key: 'F major',
              loops: 16,
            },
          },
        ],
      },
    ],
  },

  // 6. SW Jazz Complete vol.1-11
  {
    path: 'sw-jazz-complete-vol-1-11',
    sku: 'SW-JAZZ-COMPLETE',
    displayName: 'SW Jazz Complete vol.1-11',
    category: 'Sample Packs',
    priceMinor: 4900,
    live: true,
    downloadable: true,
    licenceSeats: null,
    summaryHtml:
      '<p>All <strong>11 volumes</strong> of our jazz MIDI progressions in one download: <strong>1,100 chord progressions</strong> with full voicings, in all keys.</p>',
    descriptionMarkdown: `## A jazz harmony library in MIDI

SW Jazz Complete collects all eleven volumes of our jazz chord progressions: 100 progressions per volume, 1,100 in total. Each one is a MIDI file with complete voicings, so you hear real jazz harmony the moment you drag it onto a piano, an electric piano or a pad sound.

## What you get

- **11 volumes**, **100 MIDI chord progressions** in each
- **1,100 progressions** in total
- **Voiced chords**, not just root notes: extensions, inversions and smooth voice leading
- Progressions in **all keys**
- Organised by volume, delivered as a single zip

## How to use it

- Start a tune from a progression and write a melody over it
- Study how the voicings move from chord to chord
- Re-harmonise a song section by swapping in a progression from another volume
- Load progressions onto pads in [reMIDI 4](/products/remidi-4) and play them live

## Formats

- Standard MIDI files (.mid), playable with any instrument in any DAW

## Licence

The progressions are **royalty-free in your own music**: use them in tracks you release, stream and sell. You may not resell or redistribute the MIDI files themselves.

New to our MIDI packs? Grab the free [SW Free Chord Starter](/products/sw-free-chord-starter) first. Questions? Visit [support](/support).`,
    cover: { motif: 'chords', from: '#1b1b2f', to: '#c9a227' },
    media: coverImage('sw-jazz-complete-vol-1-11', 'SW Jazz Complete vol.1-11'),
    relatedPaths: ['sw-free-chord-starter', 'remidi-4', 'sw-select-sample-loops-vol-1'],
    sortOrder: 60,
    versions: [
      {
        version: '1.0.0',
        releasedAt: '2025-12-01T10:00:00Z',
        changelogMarkdown: `- First release: 11 volumes of 100 MIDI chord progressions each`,
        files: [
          {
            os: 'any',
            format: 'zip',
            filename: 'SW-Jazz-Complete-Vol-1-11.zip',
            recipe: {
              kind: 'progression-set',
              title: 'SW Jazz Complete',
              seed: 303,
              volumes: 11,
              progressionsPerVolume: 100,
            },
          },
        ],
      },
      {
        version: '1.1.0',
        releasedAt: '2026-08-18T10:00:00Z',
        changelogMarkdown: `- Re-voiced volumes 3 and 7 for smoother voice leading
- Consistent file names across all 11 volumes
- Fixed overlapping note ends in a handful of progressions in volume 9`,
        files: [
          {
            os: 'any',
            format: 'zip',
            filename: 'SW-Jazz-Complete-Vol-1-11.zip',
            recipe: {
              kind: 'progression-set',
              title: 'SW Jazz Complete',
              seed: 304,
              volumes: 11,
              progressionsPerVolume: 100,
            },
          },
        ],
      },
    ],
  },

  // 7. SW Free Chord Starter — the free download
  {
    path: 'sw-free-chord-starter',
    sku: 'SW-FREE-CHORD-STARTER',
    displayName: 'SW Free Chord Starter',
    category: 'Sample Packs',
    priceMinor: 0,
    live: true,
    downloadable: true,
    licenceSeats: null,
    summaryHtml:
      '<p>A <strong>free</strong> starter pack at 90 bpm in D minor: chord, bass, arpeggio and drum loops as <strong>8 MIDI and 8 WAV files</strong> to try in your next idea.</p>',
    descriptionMarkdown: `## Free chords to get you writing

SW Free Chord Starter is a small pack of loops built around one chord progression, and it costs nothing. Every loop is at 90 bpm in D minor, so you can line them up, pick a favourite and start writing on top of it. It is also a simple way to hear the kind of material we make before you buy a larger pack.

## What you get

- **8 WAV loops**: chords, bass, arpeggios and drums, 24-bit / 44.1 kHz
- **8 MIDI files** that match the loops, for your own instruments
- Tempo **90 bpm**, key **D minor**
- Delivered as a single zip

## How to get it

Add it to your cart and check out: the total is $0.00 and no payment is needed. You will receive the download link by email, and if you have an account you will also find it under your orders.

## Formats

- WAV audio
- Standard MIDI files (.mid)

## Licence

The loops are **royalty-free in your own music**: use them in tracks you release, stream and sell. You may not resell or redistribute the loops themselves.

## Want more?

- [SW Jazz Complete vol.1-11](/products/sw-jazz-complete-vol-1-11): 1,100 voiced jazz progressions in MIDI
- [SW SELECT: SAMPLE LOOPS vol.1](/products/sw-select-sample-loops-vol-1): warm neo-soul and lo-fi loops

Questions? Visit [support](/support).`,
    cover: { motif: 'chords', from: '#143d34', to: '#9be0b8', label: 'FREE' },
    media: coverImage('sw-free-chord-starter', 'SW Free Chord Starter'),
    relatedPaths: ['sw-jazz-complete-vol-1-11', 'sw-select-sample-loops-vol-1', 'sw-select-sample-loops-vol-2'],
    sortOrder: 70,
    versions: [
      {
        version: '1.0.0',
        releasedAt: '2026-01-20T10:00:00Z',
        changelogMarkdown: `- First release: 8 MIDI and 8 WAV loops (chords, bass, arpeggios, drums) at 90 bpm in D minor`,
        files: [
          {
            os: 'any',
            format: 'zip',
            filename: 'SW-Free-Chord-Starter.zip',
            recipe: {
              kind: 'sample-pack',
              title: 'SW Free Chord Starter',
              seed: 404,
              bpm: 90,
              key: 'D minor',
              loops: 8,
            },
          },
        ],
      },
    ],
  },

  // 8. reMIDI 5 — in development, NOT live: must never be listed
  {
    path: 'remidi-5-preview',
    sku: 'SW-REMIDI5-PREVIEW',
    displayName: 'reMIDI 5 (in development)',
    category: 'Plugins',
    priceMinor: 9900,
    live: false,
    downloadable: false,
    licenceSeats: 3,
    summaryHtml: '<p><strong>reMIDI 5</strong> is the next major version of our pad-mapping plugin. <em>It is in development and not yet available.</em></p>',
    descriptionMarkdown: `## reMIDI 5 is in development

reMIDI 5 is the next major version of our MIDI pad-mapping plugin. We are building it now, and it is not available to buy or download yet. There is no release date.

## What we can say today

- It continues the pad-based workflow of reMIDI 4: MIDI on pads, an editor for the notes behind each pad, and routing into your DAW
- It is planned as a VST3 and AU plugin for macOS and Windows
- Features, system requirements, price and upgrade terms are not final and may change before release

We would rather tell you what a product does once it does it, so this page will only grow when there is something real to show.

## What to use now

[reMIDI 4](/products/remidi-4) is the current version and is fully supported:

- 128 pads in 8 pages of 16 across 16 MIDI channels
- A pad editor with editor tools and a keys display
- DAW routing for Global Sum Channels and Preview Sum Channels
- A licence for up to 3 computers

You can try it with the [14-day free trial](/products/remidi-4-trial), read the [user manual](/user-manuals/remidi-4-user-manual), or follow the [installation guide](/remidi-4-installation).

## Questions

If you want to know more about our plans, or have a feature you would like to see, contact us through [support](/support).`,
    cover: { motif: 'pads', from: '#1a161a', to: '#575757', label: 'SOON' },
    media: coverImage('remidi-5-preview', 'reMIDI 5 (in development)'),
    relatedPaths: ['remidi-4', 'remidi-4-trial'],
    sortOrder: 80,
    versions: [],
  },
];
