import { useEffect, useRef, useState } from 'react';
import { Form, useNavigate } from 'react-router';

/** The browser's barcode reader (Chrome on Android, Edge…), where it exists. */
type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
};

function barcodeDetector(): DetectorClass | null {
  if (typeof window === 'undefined') return null;
  return (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector ?? null;
}

/**
 * "Scan a tag, or type an order number or name" (decision 027, walkthrough 20): a USB scanner
 * types the tag and Enter, which opens the order page at that garment; an order number opens
 * the order, a name the orders that match (the orders list's search, which works without
 * JavaScript too). "Scan with camera" reads a label with the browser's BarcodeDetector where
 * it exists, and says so where it does not.
 */
export function TagScan({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const [tag, setTag] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);

  function open(typed: string) {
    const value = typed.trim();
    if (!value) {
      setMessage('Scan a label, or type an order number or a name.');
      return;
    }
    setMessage(null);
    setTag('');
    void navigate(`/admin/orders?q=${encodeURIComponent(value)}`);
  }

  return (
    <div className={`space-y-2 ${className}`}>
      <Form
        method="get"
        action="/admin/orders"
        className="flex flex-wrap items-stretch gap-2 sm:items-end"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          open(tag);
        }}
      >
        <div className="w-full sm:w-auto sm:min-w-56 sm:flex-1">
          <label htmlFor="tag-scan" className="field-label">
            Scan a tag, or type an order number or name
          </label>
          <input
            id="tag-scan"
            name="q"
            className="field-input min-h-11"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="go"
            placeholder="e.g. 100042-01"
            value={tag}
            onChange={(e) => setTag(e.target.value)}
          />
        </div>
        <button type="submit" className="btn-primary min-h-11 flex-1 py-2 sm:flex-none">
          Open
        </button>
        <button
          type="button"
          className="btn-secondary min-h-11 flex-1 py-2 sm:flex-none"
          onClick={() => {
            if (!barcodeDetector()) {
              setMessage(
                'This browser cannot read barcodes with the camera (Chrome on Android can): type the tag, or use a USB scanner.',
              );
              return;
            }
            setMessage(null);
            setScanning(true);
          }}
        >
          Scan with camera
        </button>
      </Form>
      {message ? (
        <p role="alert" className="text-sm text-red-800">
          {message}
        </p>
      ) : null}
      {scanning ? (
        <CameraScanner
          onTag={(value) => {
            setScanning(false);
            open(value);
          }}
          onClose={(why) => {
            setScanning(false);
            if (why) setMessage(why);
          }}
        />
      ) : null}
    </div>
  );
}

/** The back camera's picture, read for a Code 128 or QR code a few times a second. */
function CameraScanner({
  onTag,
  onClose,
}: {
  onTag: (tag: string) => void;
  onClose: (why?: string) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const Reader = barcodeDetector();
    if (!Reader) return;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const detector = new Reader({ formats: ['code_128', 'qr_code'] });
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        const look = async () => {
          if (stopped || !video.current) return;
          const found = await detector.detect(video.current).catch(() => []);
          if (found[0]?.rawValue) onTag(found[0].rawValue);
          else timer = window.setTimeout(() => void look(), 250);
        };
        void look();
      })
      .catch(() => onClose('The camera could not be opened: allow it, or type the tag.'));
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [onTag, onClose]);
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-900 p-2">
      <video ref={video} className="aspect-video w-full rounded" muted playsInline />
      <button type="button" className="btn-secondary min-h-11 w-full" onClick={() => onClose()}>
        Stop scanning
      </button>
    </div>
  );
}
