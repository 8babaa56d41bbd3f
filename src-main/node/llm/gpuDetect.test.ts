import { describe, expect, it } from 'vitest';
import { selectEngine } from './engineSelect.js';
import { parseWindowsAdapters } from './gpuDetect.js';

// Recorded `Get-CimInstance Win32_VideoController | Select-Object Name,PNPDeviceID | ConvertTo-Json -Compress`
// outputs: a desktop with an AMD card, a laptop with Intel graphics and an NVIDIA card, a virtual machine.
const AMD_DESKTOP = '{"Name":"AMD Radeon RX 7800 XT","PNPDeviceID":"PCI\\\\VEN_1002\\u0026DEV_747E\\u0026SUBSYS_0E371002\\u0026REV_C8\\\\6\\u00262A6B1D3E\\u00260\\u00260000000A"}';
const HYBRID_LAPTOP =
  '[{"Name":"Intel(R) Iris(R) Xe Graphics","PNPDeviceID":"PCI\\\\VEN_8086\\u0026DEV_A7A0\\u0026SUBSYS_0B1A1028\\u0026REV_04\\\\3\\u002611583659\\u00260\\u002610"},' +
  '{"Name":"NVIDIA GeForce RTX 4060 Laptop GPU","PNPDeviceID":"PCI\\\\VEN_10DE\\u0026DEV_28A0\\u0026SUBSYS_0B1A1028\\u0026REV_A1\\\\4\\u00262B1E5A4B\\u00260\\u00260008"}]';
const VIRTUAL_MACHINE =
  '[{"Name":"Microsoft Basic Display Adapter","PNPDeviceID":"PCI\\\\VEN_1414\\u0026DEV_008E\\u0026SUBSYS_00000000\\u0026REV_00\\\\5\\u0026D2AA9D9\\u00260\\u00260"},' +
  '{"Name":"Parsec Virtual Display Adapter","PNPDeviceID":"ROOT\\\\DISPLAY\\\\0000"}]';

describe('Windows display adapters', () => {
  it('reads the vendor from the PCI id, one adapter or several', () => {
    expect(parseWindowsAdapters(AMD_DESKTOP)).toEqual([{ vendor: 'amd', name: 'AMD Radeon RX 7800 XT', driver: null, vramBytes: null, freeVramBytes: null }]);
    expect(parseWindowsAdapters(HYBRID_LAPTOP).map((g) => [g.vendor, g.name])).toEqual([
      ['intel', 'Intel(R) Iris(R) Xe Graphics'],
      ['nvidia', 'NVIDIA GeForce RTX 4060 Laptop GPU'],
    ]);
  });

  it('leaves out basic and virtual display adapters, and reads nothing from output it cannot parse', () => {
    expect(parseWindowsAdapters(VIRTUAL_MACHINE)).toEqual([]);
    for (const bad of ['', 'null', 'Get-CimInstance : Access denied', '{"Name": 3}', '[1, "x"]']) expect(parseWindowsAdapters(bad)).toEqual([]);
  });

  it('gives an AMD or Intel GPU on Windows the Vulkan build, without a pin', () => {
    const input = { platform: 'win32' as const, arch: 'x64', gpus: parseWindowsAdapters(AMD_DESKTOP) };
    expect(selectEngine(input, ['vulkan', 'cpu'])).toEqual({ order: ['vulkan', 'cpu'], reasons: ['AMD Radeon RX 7800 XT: Vulkan.'] });
  });
});
