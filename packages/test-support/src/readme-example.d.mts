export function readmeExamples(packageDir: string): string[];
export function runReadmeExample(
  packageDir: string,
  n?: number,
  env?: Record<string, string>,
  runDir?: string,
): { code: number | null; stdout: string; stderr: string; source: string };
