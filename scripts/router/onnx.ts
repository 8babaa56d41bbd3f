// Writes the router model as ONNX with onnx-proto, and reads its weights back (for the reference
// forward pass in tests). The graph computes exactly model.ts's forward().
import onnxProto from 'onnx-proto';
import { ROUTER_IO } from '../../src-main/core/routing/manifest.js';
import { TENSOR_NAMES, tensorShape, type ModelDims, type ModelWeights, type TensorName } from './model.js';

const { onnx } = onnxProto;
const OPSET = 13;

function tensor(name: string, dims: number[], data: Float32Array): onnxProto.onnx.ITensorProto {
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return { name, dims, dataType: onnx.TensorProto.DataType.FLOAT, rawData: Uint8Array.from(bytes) };
}

function valueInfo(name: string, elemType: number, shape: Array<number | string>): onnxProto.onnx.IValueInfoProto {
  const dim = shape.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d }));
  return { name, type: { tensorType: { elemType, shape: { dim } } } };
}

function node(opType: string, inputs: string[], outputs: string[], attribute: onnxProto.onnx.IAttributeProto[] = []) {
  return { opType, input: inputs, output: outputs, name: outputs[0], attribute };
}

export function buildOnnxModel(w: ModelWeights, metadata: Record<string, string>): Uint8Array {
  const F = onnx.TensorProto.DataType.FLOAT;
  const axis1: onnxProto.onnx.IAttributeProto = { name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 1 };
  const graph: onnxProto.onnx.IGraphProto = {
    name: 'router',
    input: [valueInfo(ROUTER_IO.ids, onnx.TensorProto.DataType.INT32, ['n']), valueInfo(ROUTER_IO.weights, F, [1, 'n'])],
    output: [valueInfo(ROUTER_IO.agentProbs, F, [1, w.dims.agents]), valueInfo(ROUTER_IO.complexityProbs, F, [1, w.dims.complexities])],
    initializer: TENSOR_NAMES.map((name) => tensor(name, tensorShape(w.dims, name), w[name])),
    node: [
      node('Gather', ['embedding', ROUTER_IO.ids], ['rows'], [{ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 }]),
      node('MatMul', [ROUTER_IO.weights, 'rows'], ['pooled']),
      node('MatMul', ['pooled', 'w1'], ['h_mm']),
      node('Add', ['h_mm', 'b1'], ['h_pre']),
      node('Relu', ['h_pre'], ['h']),
      node('MatMul', ['h', 'wa'], ['a_mm']),
      node('Add', ['a_mm', 'ba'], ['agent_logits']),
      node('Softmax', ['agent_logits'], [ROUTER_IO.agentProbs], [axis1]),
      node('MatMul', ['h', 'wc'], ['c_mm']),
      node('Add', ['c_mm', 'bc'], ['complexity_logits']),
      node('Softmax', ['complexity_logits'], [ROUTER_IO.complexityProbs], [axis1]),
    ],
  };
  const model = onnx.ModelProto.create({
    irVersion: 8,
    opsetImport: [{ domain: '', version: OPSET }],
    producerName: 'agentic scripts/router/train.ts',
    producerVersion: '1',
    docString: 'Request router: embedding bag over hashed n-grams, one hidden layer, agent and complexity heads.',
    metadataProps: Object.entries(metadata).map(([key, value]) => ({ key, value })),
    graph,
  });
  return onnx.ModelProto.encode(model).finish();
}

/** The weights stored in a router.onnx, for the reference forward pass. */
export function readOnnxWeights(bytes: Uint8Array): ModelWeights {
  const model = onnx.ModelProto.decode(bytes);
  const byName = new Map((model.graph?.initializer ?? []).map((t) => [t.name ?? '', t]));
  const read = (name: TensorName) => {
    const t = byName.get(name);
    if (!t?.rawData) throw new Error(`router.onnx has no tensor ${name}`);
    const copy = Uint8Array.from(t.rawData);
    return { data: new Float32Array(copy.buffer), dims: (t.dims ?? []).map(Number) };
  };
  const embedding = read('embedding');
  const wa = read('wa');
  const wc = read('wc');
  const w1 = read('w1');
  const dims: ModelDims = {
    buckets: embedding.dims[0]!,
    dim: embedding.dims[1]!,
    hidden: w1.dims[1]!,
    agents: wa.dims[1]!,
    complexities: wc.dims[1]!,
  };
  return { dims, embedding: embedding.data, w1: w1.data, b1: read('b1').data, wa: wa.data, ba: read('ba').data, wc: wc.data, bc: read('bc').data };
}
