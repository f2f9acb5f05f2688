export function bundleBrowserAssets(sourceDir: string, options: { minify: boolean }): Promise<Record<'builder.js' | 'checkout.js' | 'checkout.css', Buffer>>;
