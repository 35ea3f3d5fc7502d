/**
 * Faces with @vladmandic/face-api on TensorFlow.js's WebAssembly backend. Everything is local: the
 * backend's .wasm files from node_modules (setWasmPaths to that folder, read by Emscripten with fs, not
 * fetch), the models from the package's own model/ folder. Loaded once per thread.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as TfWasm from '@tensorflow/tfjs-backend-wasm';
import type * as TfCore from '@tensorflow/tfjs-core';
import type * as FaceApi from '@vladmandic/face-api';
import type { IntakeImage } from './intake.ts';

const require = createRequire(import.meta.url);
type FaceApiModule = typeof FaceApi;
let loading: Promise<FaceApiModule> | null = null;

/** Loads the backend and the three models (detector, 68 landmarks, 128-d recogniser), once per thread. */
export function loadFaceModels(): Promise<FaceApiModule> {
  loading ??= (async () => {
    const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof TfWasm;
    const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApiModule;
    // false: let Emscripten read the files itself (Node's fetch cannot read a path).
    wasm.setWasmPaths(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep, false);
    // face-api's bundled typings list only part of tfjs; the object is tfjs-core's.
    const tf = faceapi.tf as unknown as typeof TfCore;
    await tf.setBackend('wasm');
    await tf.ready();
    const models = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
    return faceapi;
  })();
  return loading;
}

export type Face = {
  /** Detector confidence 0–1. */
  score: number;
  box: { x: number; y: number; width: number; height: number };
  /** Estimated head yaw in degrees: positive when the nose points to the picture's right. */
  yaw: number;
  /** 128 numbers; compare with `faceDistance`. Not to be stored (docs/privacy.md): only the score is kept. */
  descriptor: number[];
};

export type FaceReading = { width: number; height: number; faces: Face[] };

/**
 * Yaw from the 68 landmarks: where the nose tip (30) falls between the two sides of the jaw (0 and 16).
 * Half way is frontal; the offset, as a share of the half-width, is the sine of the turn (a cylinder
 * model of the head: rough, but monotonic, which is all a "turn your head" challenge needs).
 */
export function yawFromLandmarks(points: readonly { x: number; y: number }[]): number {
  const [left, nose, right] = [points[0], points[30], points[16]];
  if (!left || !nose || !right || right.x === left.x) return 0;
  const offset = (nose.x - (left.x + right.x) / 2) / ((right.x - left.x) / 2);
  return Math.round((Math.asin(Math.max(-1, Math.min(1, offset))) * 180) / Math.PI);
}

/** Every face on the picture above the confidence floor, largest first. */
export async function detectFaces(image: IntakeImage, minConfidence: number): Promise<FaceReading> {
  const faceapi = await loadFaceModels();
  const tensor = faceapi.tf.tensor3d(image.rgb, [image.height, image.width, 3], 'int32');
  try {
    const found = await faceapi
      .detectAllFaces(tensor as never, new faceapi.SsdMobilenetv1Options({ minConfidence }))
      .withFaceLandmarks()
      .withFaceDescriptors();
    const faces = found
      .map((f) => ({
        score: Math.round(f.detection.score * 1000) / 1000,
        box: {
          x: Math.round(f.detection.box.x),
          y: Math.round(f.detection.box.y),
          width: Math.round(f.detection.box.width),
          height: Math.round(f.detection.box.height),
        },
        yaw: yawFromLandmarks(f.landmarks.positions),
        descriptor: Array.from(f.descriptor),
      }))
      .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
    return { width: image.width, height: image.height, faces };
  } finally {
    tensor.dispose();
  }
}

/** Euclidean distance between two descriptors (0 same picture; ~0.6 the network's usual boundary). */
export function faceDistance(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += ((a[i] ?? 0) - (b[i] ?? 0)) ** 2;
  return Math.sqrt(sum);
}
