export interface SendResult {
  status: number;
  body: unknown;
}

/** Sends the contact form with XMLHttpRequest: fetch() cannot report upload progress. */
export function sendForm(data: FormData, onProgress: (percent: number) => void, onUploaded: () => void) {
  return new Promise<SendResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/submit");
    xhr.responseType = "json";
    xhr.timeout = 120_000;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0)
        onProgress(Math.min(100, Math.floor((e.loaded / e.total) * 100)));
    };
    xhr.upload.onload = onUploaded;
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.response as unknown });
    xhr.onerror = () => reject(new Error("network"));
    xhr.ontimeout = () => reject(new Error("timeout"));
    xhr.send(data);
  });
}
