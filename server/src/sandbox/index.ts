// The sandbox capability: runs untrusted code in a fresh bubblewrap sandbox with cgroup limits (README.md).
// Other folders import only from here.

export type {
  ArchiveFormat,
  ReadOnlyLayer,
  RuntimeId,
  SandboxJob,
  SandboxOutcome,
  SandboxProbe,
  SandboxStatus,
} from './types';
export { probeSandbox } from './probe';
export { runInSandbox } from './runInSandbox';
