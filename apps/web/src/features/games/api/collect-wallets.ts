import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletCollect } from '@app/contracts';
import { call } from '@/lib/api-client';

/**
 * Relay GCS_walletCollect from the game frame: a transfer-wallet game's funds back to the main
 * wallet on demand (issue 5 "back on demand"). One key per press; a retry after no answer reuses it.
 */
export function collectWallets(input: { key: string }) {
  return call(walletCollect, input);
}

export function useCollectWallets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: collectWallets,
    // The header balance and the wallet pages read the 'wallet' prefix (issue 4).
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  });
}
