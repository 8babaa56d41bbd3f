// Writes the router ensemble as ONNX with onnx-proto, and reads its members back (for the reference
// forward pass in tests). The graph computes exactly ensemble.ts's forwardEnsemble() on the
// quantized members: the members run side by side as one wider network (embedding rows and attention
// scores concatenated, block-diagonal layers), then each member's logits get their own softmax and the
// probabilities are averaged.
import onnxProto from 'onnx-proto';
import { ROUTER_IO } from '../../src-main/core/routing/manifest.js';
import { packEmbeddings } from './ensemble.js';
import { decodeFloat16, encodeFloat16 } from './float16.js';
import type { ModelDims, ModelWeights } from './model.js';

const { onnx } = onnxProto;
const OPSET = 13;
const DataType = onnx.TensorProto.DataType;
const INT = onnx.AttributeProto.AttributeType.INT;
const INTS = onnx.AttributeProto.AttributeType.INTS;

type Typed = Float32Array | Int8Array | Uint16Array | BigInt64Array;

function tensor(name: string, dims: number[], data: Typed, dataType: number): onnxProto.onnx.ITensorProto {
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return { name, dims, dataType, rawData: Uint8Array.from(bytes) };
}

function valueInfo(name: string, elemType: number, shape: Array<number | string>): onnxProto.onnx.IValueInfoProto {
  const dim = shape.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d }));
  return { name, type: { tensorType: { elemType, shape: { dim } } } };
}

function node(opType: string, inputs: string[], outputs: string[], attribute: onnxProto.onnx.IAttributeProto[] = []) {
  return { opType, input: inputs, output: outputs, name: outputs[0], attribute };
}

/** K matrices [rows × cols] laid on the diagonal of a [K·rows × K·cols] matrix. */
function blockDiagonal(blocks: Float32Array[], rows: number, cols: number): Float32Array {
  const K = blocks.length;
  const out = new Float32Array(K * rows * K * cols);
  blocks.forEach((block, k) => {
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out[(k * rows + r) * K * cols + k * cols + c] = block[r * cols + c]!;
  });
  return out;
}

function concat(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** [buckets × K]: member k's attention score of each bucket in column k. */
function interleave(columns: Float32Array[]): Float32Array {
  const K = columns.length;
  const out = new Float32Array(columns[0]!.length * K);
  columns.forEach((column, k) => column.forEach((v, row) => (out[row * K + k] = v)));
  return out;
}

/**
 * pooled[k] = Σ_i α_ik · rows[i, k]: each member's attention shares of the features
 * (α_ik ∝ weight_i · exp(score_ik), model.ts attentionShares), spread over its dim columns.
 */
function attentionPooling() {
  return [
    node('Gather', ['attention_h', ROUTER_IO.ids], ['scores_h'], [{ name: 'axis', type: INT, i: 0 }]),
    node('Cast', ['scores_h'], ['scores'], [{ name: 'to', type: INT, i: DataType.FLOAT }]),
    node(
      'ReduceMax',
      ['scores'],
      ['scores_max'],
      [
        { name: 'axes', type: INTS, ints: [0] },
        { name: 'keepdims', type: INT, i: 1 },
      ],
    ),
    node('Sub', ['scores', 'scores_max'], ['scores_shifted']),
    node('Exp', ['scores_shifted'], ['scores_exp']),
    node('Transpose', [ROUTER_IO.weights], ['weights_column'], [{ name: 'perm', type: INTS, ints: [1, 0] }]),
    node('Mul', ['scores_exp', 'weights_column'], ['shares_unnormalised']),
    node('ReduceSum', ['shares_unnormalised', 'axis0'], ['shares_total'], [{ name: 'keepdims', type: INT, i: 1 }]),
    node('Div', ['shares_unnormalised', 'shares_total'], ['shares']),
    node('MatMul', ['shares', 'member_spread'], ['shares_wide']),
    node('Mul', ['shares_wide', 'rows'], ['rows_weighted']),
    node('ReduceSum', ['rows_weighted', 'axis0'], ['pooled'], [{ name: 'keepdims', type: INT, i: 1 }]),
  ];
}

/** [K × K·dim]: row k is 1 on member k's columns (copies a member's share to each of its dims). */
function memberSpread(K: number, dim: number): Float32Array {
  const out = new Float32Array(K * K * dim);
  for (let k = 0; k < K; k++) out.fill(1, k * K * dim + k * dim, k * K * dim + (k + 1) * dim);
  return out;
}

/** Softmax of each member's logits ([1, K·width] → [K, width]), then their mean ([1, width]). */
function averagedSoftmax(logits: string, shape: string, output: string) {
  return [
    node('Reshape', [logits, shape], [`${logits}_by_member`]),
    node('Softmax', [`${logits}_by_member`], [`${logits}_probs`], [{ name: 'axis', type: INT, i: 1 }]),
    node(
      'ReduceMean',
      [`${logits}_probs`],
      [output],
      [
        { name: 'axes', type: INTS, ints: [0] },
        { name: 'keepdims', type: INT, i: 1 },
      ],
    ),
  ];
}

export function buildOnnxModel(members: ModelWeights[], metadata: Record<string, string>): Uint8Array {
  const dims = members[0]!.dims;
  const K = members.length;
  const { buckets, dim, hidden: H, agents: A, complexities: C } = dims;
  const packed = packEmbeddings(members);
  const F = DataType.FLOAT;
  const initializer = [
    tensor('embedding_q', [buckets, K * dim], packed.values, DataType.INT8),
    tensor('embedding_scale_h', [buckets, 1], encodeFloat16(packed.scales), DataType.FLOAT16),
    tensor('attention_h', [buckets, K], encodeFloat16(interleave(members.map((m) => m.attention))), DataType.FLOAT16),
    tensor('member_spread', [K, K * dim], memberSpread(K, dim), F),
    tensor('axis0', [1], BigInt64Array.from([0n]), DataType.INT64),
    tensor(
      'w1',
      [K * dim, K * H],
      blockDiagonal(
        members.map((m) => m.w1),
        dim,
        H,
      ),
      F,
    ),
    tensor('b1', [K * H], concat(members.map((m) => m.b1)), F),
    tensor(
      'wa',
      [K * H, K * A],
      blockDiagonal(
        members.map((m) => m.wa),
        H,
        A,
      ),
      F,
    ),
    tensor('ba', [K * A], concat(members.map((m) => m.ba)), F),
    tensor(
      'wc',
      [K * H, K * C],
      blockDiagonal(
        members.map((m) => m.wc),
        H,
        C,
      ),
      F,
    ),
    tensor('bc', [K * C], concat(members.map((m) => m.bc)), F),
    tensor('agent_shape', [2], BigInt64Array.from([BigInt(K), BigInt(A)]), DataType.INT64),
    tensor('complexity_shape', [2], BigInt64Array.from([BigInt(K), BigInt(C)]), DataType.INT64),
  ];
  const graph: onnxProto.onnx.IGraphProto = {
    name: 'router',
    input: [valueInfo(ROUTER_IO.ids, DataType.INT32, ['n']), valueInfo(ROUTER_IO.weights, F, [1, 'n'])],
    output: [valueInfo(ROUTER_IO.agentProbs, F, [1, A]), valueInfo(ROUTER_IO.complexityProbs, F, [1, C])],
    initializer,
    node: [
      node('Gather', ['embedding_q', ROUTER_IO.ids], ['rows_q'], [{ name: 'axis', type: INT, i: 0 }]),
      node('Cast', ['rows_q'], ['rows_unscaled'], [{ name: 'to', type: INT, i: F }]),
      node('Gather', ['embedding_scale_h', ROUTER_IO.ids], ['row_scales_h'], [{ name: 'axis', type: INT, i: 0 }]),
      node('Cast', ['row_scales_h'], ['row_scales'], [{ name: 'to', type: INT, i: F }]),
      node('Mul', ['rows_unscaled', 'row_scales'], ['rows']),
      ...attentionPooling(),
      node('MatMul', ['pooled', 'w1'], ['h_mm']),
      node('Add', ['h_mm', 'b1'], ['h_pre']),
      node('Relu', ['h_pre'], ['h']),
      node('MatMul', ['h', 'wa'], ['a_mm']),
      node('Add', ['a_mm', 'ba'], ['agent_logits']),
      ...averagedSoftmax('agent_logits', 'agent_shape', ROUTER_IO.agentProbs),
      node('MatMul', ['h', 'wc'], ['c_mm']),
      node('Add', ['c_mm', 'bc'], ['complexity_logits']),
      ...averagedSoftmax('complexity_logits', 'complexity_shape', ROUTER_IO.complexityProbs),
    ],
  };
  const model = onnx.ModelProto.create({
    irVersion: 8,
    opsetImport: [{ domain: '', version: OPSET }],
    producerName: 'agentic scripts/router/train.ts',
    producerVersion: '4',
    docString: `Request router: ${K} members averaged, each an attention-weighted embedding bag over hashed n-grams (int8 rows, float16 row scales and attention scores), one hidden layer, agent and complexity heads.`,
    metadataProps: Object.entries(metadata).map(([key, value]) => ({ key, value })),
    graph,
  });
  return onnx.ModelProto.encode(model).finish();
}

/** The members stored in a router.onnx (embeddings dequantized), for the reference forward pass. */
export function readOnnxWeights(bytes: Uint8Array): ModelWeights[] {
  const model = onnx.ModelProto.decode(bytes);
  const byName = new Map((model.graph?.initializer ?? []).map((t) => [t.name ?? '', t]));
  const raw = (name: string) => {
    const t = byName.get(name);
    if (!t?.rawData) throw new Error(`router.onnx has no tensor ${name}`);
    return { bytes: Uint8Array.from(t.rawData), dims: (t.dims ?? []).map(Number) };
  };
  const floats = (name: string) => new Float32Array(raw(name).bytes.buffer);
  const [K, A] = Array.from(new BigInt64Array(raw('agent_shape').bytes.buffer), Number) as [number, number];
  const C = Number(new BigInt64Array(raw('complexity_shape').bytes.buffer)[1]);
  const embedding = raw('embedding_q');
  const [buckets, width] = embedding.dims as [number, number];
  const dim = width / K;
  const H = raw('w1').dims[1]! / K;
  const dims: ModelDims = { buckets, dim, hidden: H, agents: A, complexities: C };
  const values = new Int8Array(embedding.bytes.buffer);
  const halves = (name: string) => decodeFloat16(new Uint16Array(raw(name).bytes.buffer));
  const scales = halves('embedding_scale_h');
  const attention = halves('attention_h');
  const block = (full: Float32Array, rows: number, cols: number, k: number) => {
    const out = new Float32Array(rows * cols);
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out[r * cols + c] = full[(k * rows + r) * K * cols + k * cols + c]!;
    return out;
  };
  const [w1, b1, wa, ba, wc, bc] = ['w1', 'b1', 'wa', 'ba', 'wc', 'bc'].map(floats) as [Float32Array, Float32Array, Float32Array, Float32Array, Float32Array, Float32Array];
  return Array.from({ length: K }, (_, k): ModelWeights => {
    const emb = new Float32Array(buckets * dim);
    for (let row = 0; row < buckets; row++) for (let d = 0; d < dim; d++) emb[row * dim + d] = values[row * width + k * dim + d]! * scales[row]!;
    return {
      dims,
      embedding: emb,
      attention: Float32Array.from({ length: buckets }, (_, row) => attention[row * K + k]!),
      w1: block(w1, dim, H, k),
      b1: b1.slice(k * H, (k + 1) * H),
      wa: block(wa, H, A, k),
      ba: ba.slice(k * A, (k + 1) * A),
      wc: block(wc, H, C, k),
      bc: bc.slice(k * C, (k + 1) * C),
    };
  });
}
