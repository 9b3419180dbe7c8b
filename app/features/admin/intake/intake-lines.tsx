/** The invoice lines of an order with garments: made from them, read-only here. */
export function IntakeLines({
  items,
}: {
  items: {
    id: number;
    kind: string;
    item_name: string;
    quantity: number;
    price: string;
    line_total: string;
  }[];
}) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">
        The lines come from the garments recorded at intake: edit the garments to change them.
      </p>
      <table className="w-full text-left text-sm" aria-label="Lines from intake">
        <thead className="text-xs text-slate-600 uppercase">
          <tr>
            <th className="py-2">Item</th>
            <th className="py-2">Quantity</th>
            <th className="py-2 text-right">Price (£)</th>
          </tr>
        </thead>
        <tbody>
          {items
            .filter((i) => i.kind === 'service')
            .map((i) => (
              <tr key={i.id} className="border-t border-slate-100">
                <td className="py-2 pr-2">
                  {i.item_name}{' '}
                  <span className="ml-1 rounded-full bg-sky-50 px-2 py-0.5 text-xs text-sky-800">
                    from intake
                  </span>
                </td>
                <td className="py-2 pr-2">{i.quantity}</td>
                <td className="py-2 text-right">{i.price}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}
