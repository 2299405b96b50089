import { toast } from '@/lib/toaster';

function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Copies a value the admin pastes elsewhere (the AWS side, a webhook receiver), and says so ('Copied to clipboard'). */
export async function copyToClipboard(text: string): Promise<void> {
  let copied: boolean;
  try {
    await navigator.clipboard.writeText(text);
    copied = true;
  } catch {
    copied = copyWithSelection(text);
  }
  if (copied) void toast.success('Copied to clipboard');
  else void toast.danger('Could not copy: select the text and copy it yourself.');
}
