/**
 * Plugin downloads of the demonstration catalogue: a small per-OS zip laid out
 * like a real plugin release (VERSION/README/LICENSE plus VST3/AU bundle
 * folders), with text placeholders where a real release has binaries. It
 * contains no executable code, and the README says so.
 */
import type { FileRecipe } from '../seed-types';
import { hashString } from '#server/lib/seeded-random.ts';
import { safePathSegment, textFile, zipFiles } from './zip';

export type PluginRecipe = Extract<FileRecipe, { kind: 'plugin' }>;

const OS_LABELS = { mac: 'macOS', windows: 'Windows' } as const;
const VENDOR = 'Songwish';
const VST3_SDK_VERSION = 'VST 3.7.12';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** 'reMIDI 4' → 'remidi4', for bundle identifiers. */
function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '') || 'plugin';
}

/** A stable 128-bit class id (32 hex digits) derived from the product name. */
function classId(productName: string): string {
  return [0, 1, 2, 3].map((part) => hashString(`${part}:${productName}`).toString(16).toUpperCase().padStart(8, '0')).join('');
}

function infoPlist(productName: string, version: string, bundleType: 'vst3' | 'component'): string {
  const entries: [string, string][] = [
    ['CFBundleDevelopmentRegion', 'English'],
    ['CFBundleExecutable', productName],
    ['CFBundleIdentifier', `com.songwish.demo.${slug(productName)}.${bundleType}`],
    ['CFBundleInfoDictionaryVersion', '6.0'],
    ['CFBundleName', productName],
    ['CFBundlePackageType', 'BNDL'],
    ['CFBundleShortVersionString', version],
    ['CFBundleSignature', '????'],
    ['CFBundleVersion', version],
  ];
  const body = entries.map(([key, value]) => `\t<key>${key}</key>\n\t<string>${escapeXml(value)}</string>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
${body}
</dict>
</plist>
`;
}

/** The VST3 SDK's moduleinfo.json, which hosts read to list a plugin without loading it. */
function moduleInfo(productName: string, version: string): string {
  const info = {
    Name: productName,
    Version: version,
    'Factory Info': { Vendor: VENDOR, URL: '', 'E-Mail': '', Flags: { 'Classes Discardable': false, 'Component Non Discardable': false, Unicode: true } },
    Compatibility: [],
    Classes: [
      {
        CID: classId(productName),
        Category: 'Audio Module Class',
        Name: productName,
        Vendor: VENDOR,
        Version: version,
        'SDK Version': VST3_SDK_VERSION,
        'Sub Categories': ['Instrument', 'Tools'],
        'Class Flags': 0,
        Cardinality: 2147483647,
        Snapshots: [],
      },
    ],
  };
  return `${JSON.stringify(info, null, 2)}\n`;
}

function placeholderNote(productName: string): string {
  return `This folder would hold the ${productName} binary in a real release.

This archive is a demonstration build from the store's sample catalogue: it
shows how a plugin download is laid out, but it contains no executable code.
`;
}

function readme(recipe: PluginRecipe, folder: string): string {
  const { productName, version } = recipe;
  const install =
    recipe.os === 'mac'
      ? `INSTALLATION (macOS 11 or later, Apple silicon and Intel)

  1. Quit your DAW.
  2. Copy "${productName}.vst3" to ~/Library/Audio/Plug-Ins/VST3/
     (or /Library/Audio/Plug-Ins/VST3/ for all users).
  3. Copy "${productName}.component" (Audio Unit) to ~/Library/Audio/Plug-Ins/Components/
     (or /Library/Audio/Plug-Ins/Components/ for all users).
  4. Start your DAW and rescan plug-ins if it does not find ${productName} by itself.
  5. Open ${productName} and enter your licence key when asked.`
      : `INSTALLATION (Windows 10 or 11, 64-bit)

  1. Quit your DAW.
  2. Copy the "${productName}.vst3" folder to C:\\Program Files\\Common Files\\VST3\\
     (you may be asked for administrator permission).
  3. Start your DAW and rescan plug-ins if it does not find ${productName} by itself.
  4. Open ${productName} and enter your licence key when asked.`;
  const title = `${productName} ${version} for ${OS_LABELS[recipe.os]}`;
  return `${title}
${'='.repeat(title.length)}

DEMONSTRATION BUILD: this archive comes from the store's sample catalogue. It
shows the layout of a real plugin download (${folder}/), but the plugin
bundles contain placeholder text files instead of a working plugin binary.
There is no executable code in this archive.

${install}

FILES

  VERSION.txt   the version of this release (${version})
  LICENSE.txt   the end-user licence agreement
  ${productName}.vst3${recipe.os === 'mac' ? `\n  ${productName}.component` : ''}

Questions? Visit the store's support page.
`;
}

function license(productName: string): string {
  return `${productName} - End-User Licence Agreement (summary)

1. Licence. Your purchase grants you a personal, non-exclusive,
   non-transferable licence to use ${productName}.
2. Activations. One licence key activates ${productName} on up to 3 computers
   that you own or use. Deactivate a computer to move the licence to another.
3. Your music is yours. Anything you create with ${productName} is yours, with
   no royalties owed.
4. Restrictions. You may not share your licence key, resell or redistribute
   the software, or reverse-engineer it.
5. No warranty. The software is provided "as is", to the extent permitted by law.
`;
}

/** The VST3 (and, on macOS, AU) bundle folders, keyed by their paths inside the zip. */
function bundleEntries(recipe: PluginRecipe, root: string): Record<string, string> {
  const { productName, version } = recipe;
  const vst3 = `${root}/${safePathSegment(productName)}.vst3/Contents`;
  if (recipe.os === 'windows') {
    return {
      [`${vst3}/Resources/moduleinfo.json`]: moduleInfo(productName, version),
      [`${vst3}/x86_64-win/PLACEHOLDER.txt`]: placeholderNote(productName),
    };
  }
  const component = `${root}/${safePathSegment(productName)}.component/Contents`;
  return {
    [`${vst3}/Info.plist`]: infoPlist(productName, version, 'vst3'),
    [`${vst3}/PkgInfo`]: 'BNDL????',
    [`${vst3}/Resources/moduleinfo.json`]: moduleInfo(productName, version),
    [`${vst3}/MacOS/PLACEHOLDER.txt`]: placeholderNote(productName),
    [`${component}/Info.plist`]: infoPlist(productName, version, 'component'),
    [`${component}/PkgInfo`]: 'BNDL????',
    [`${component}/MacOS/PLACEHOLDER.txt`]: placeholderNote(productName),
  };
}

export function buildPluginArchive(recipe: PluginRecipe): Uint8Array {
  if (!recipe.version.trim()) throw new Error('A plugin archive needs a version');
  const root = safePathSegment(`${recipe.productName} ${recipe.version} (${OS_LABELS[recipe.os]})`);
  const files: Record<string, string> = {
    [`${root}/VERSION.txt`]: `${recipe.version}\n`,
    [`${root}/README.txt`]: readme(recipe, root),
    [`${root}/LICENSE.txt`]: license(recipe.productName),
    ...bundleEntries(recipe, root),
  };
  const entries: Record<string, Uint8Array> = {};
  for (const [path, text] of Object.entries(files)) entries[path] = textFile(text);
  return zipFiles(entries);
}
