/** What a test file needs of its product: where it answers and the Redis it keeps its sessions in. */
export interface ProductEndpoints {
  baseUrl: string;
  redisUrl: string;
}

/**
 * The product of the worker running this file: vitest numbers its workers 1…maxWorkers
 * (VITEST_POOL_ID), and global-setup started one product per worker, in that order.
 */
export function productOfWorker(products: ProductEndpoints[]): ProductEndpoints {
  const poolId = Number(process.env.VITEST_POOL_ID ?? 1);
  const product = products[(poolId - 1) % products.length];
  if (!product) throw new Error('no product was started for the browser tests');
  return product;
}
