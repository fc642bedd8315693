import list from './record-list.module.css';

/** A column of a record table: its translated name; `num` right-aligns a figure. */
export interface RecordColumn {
  label: string;
  num?: boolean;
}

/** The head row of a record table (`record-list.module.css`'s table; cards on a phone). */
export function RecordHead({ columns }: { columns: readonly RecordColumn[] }) {
  return (
    <thead role="rowgroup">
      <tr role="row">
        {columns.map((c, i) => (
          <th key={i} role="columnheader" scope="col" className={c.num ? list.num : undefined}>
            {c.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
