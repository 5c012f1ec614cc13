export { flatbuffersCodec } from './flatbuffers/codec.js';
