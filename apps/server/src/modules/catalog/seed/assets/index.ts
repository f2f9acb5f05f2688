/** Generators for the seed catalogue's downloadable files and cover art. */
export { buildFile } from './build-file';
export { renderCoverSvg, type CoverInput, type CoverMotif } from './cover';
export { buildSamplePack, buildSamplePackPreviews, type SamplePackRecipe } from './sample-pack';
export { buildProgressionSet, type ProgressionSetRecipe } from './progression-set';
export { buildPluginArchive, type PluginRecipe } from './plugin-archive';
export { buildLoopMidi, buildProgressionMidi } from './midi';
export { encodeWav24 } from './wav';
export { zipFiles } from './zip';
