import { memberExportFileName } from '@app/contracts';
import { button } from '@app/ui/button.css';
import { downloadJson } from '../../components/downloadJson.ts';
import { useAction } from '../../components/useAction.ts';
import { exportMember } from './console-api.ts';

/**
 * Downloads everything the tracker holds about a member as the JSON file they would get
 * themselves; the tracker writes the export to the audit log.
 */
export function ExportMemberButton({ member }: { member: { id: number; name: string } }) {
  const exporting = useAction({
    send: () => exportMember(member.id),
    failure: `${member.name}'s data was not exported`,
    done: (data) => downloadJson(data, memberExportFileName(member.id, new Date())),
    toast: { title: `${member.name}'s data is downloading. The export is in the audit log.` },
  });
  return (
    <button
      type="button"
      className={button.secondary}
      aria-disabled={exporting.pending || undefined}
      onClick={() => void exporting.run()}
    >
      Export data
    </button>
  );
}
