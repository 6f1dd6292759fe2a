export function runReadmeExample(
  packageDir: string,
  n?: number,
  env?: Record<string, string>,
): { code: number | null; stdout: string; stderr: string; source: string };
