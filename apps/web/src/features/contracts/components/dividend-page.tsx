import type { CentrePageProps } from '@/config/centres';
import { ContractPage } from './contract-page';

/** agentDividendRecordCopy2 (flag enableCt): dividend contracts and their settlements. */
export default function DividendPage({ labelKey }: CentrePageProps) {
  return <ContractPage labelKey={labelKey} kinds={['dividend']} />;
}
