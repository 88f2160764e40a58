import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Alert } from './ui/alert';

type Detect = (source: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>;

interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

/**
 * The browser's BarcodeDetector where it reads QR codes (Chrome on Android, Safari), else jsQR on the
 * video's frames: bundled with the page (loaded on demand, from our own origin), never from a CDN.
 */
async function detector(): Promise<Detect> {
  const native = (
    globalThis as { BarcodeDetector?: BarcodeDetectorClass & { getSupportedFormats?(): Promise<string[]> } }
  ).BarcodeDetector;
  if (native && (await native.getSupportedFormats?.())?.includes('qr_code')) {
    const reader = new native({ formats: ['qr_code'] });
    return async (video) => (await reader.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  return async (video, canvas) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) return null;
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(video, 0, 0, width, height);
    return jsQR(context.getImageData(0, 0, width, height).data, width, height)?.data ?? null;
  };
}

/**
 * The back camera's picture, read a few times a second; a code read is handed over once per 2 s. Shared by
 * the scanning pages (check-in at the door, exhibitors' lead scanning); `denied` says what to do instead
 * when the camera is refused or missing.
 */
export function CameraScanner({ onCode, denied }: { onCode: (code: string) => void; denied?: ReactNode }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const handler = useRef(onCode);
  handler.current = onCode;
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let last = { code: '', at: 0 };
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        if (stopped || !video.current || !canvas.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const detect = await detector();
        const tick = async () => {
          if (stopped || !video.current || !canvas.current) return;
          const code = await detect(video.current, canvas.current).catch(() => null);
          const now = Date.now();
          if (code && (code !== last.code || now - last.at > 2000)) {
            last = { code, at: now };
            handler.current(code);
          }
          timer = setTimeout(tick, 250);
        };
        void tick();
      } catch {
        setFailed(true);
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);
  if (failed) return <Alert tone="error">{denied ?? t('scanner.cameraDenied')}</Alert>;
  return (
    <div className="camera-scanner">
      <video ref={video} muted playsInline aria-label={t('scanner.cameraLabel')} />
      <canvas ref={canvas} hidden />
    </div>
  );
}
