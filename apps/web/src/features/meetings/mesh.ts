import { useCallback, useEffect, useRef, useState } from 'react';
import { classroomSocket, RECONNECTED } from '../../lib/socket';
import { meetingApi } from './api';

/**
 * The built-in meeting's WebRTC mesh (decision 041): one RTCPeerConnection to each other person of the
 * room, signalled over the classroom socket (`Meeting.join`, `Meeting.signal`, ...). The newcomer offers
 * to everyone already there, so no two offers cross. Each connection carries one audio and one video
 * transceiver from the start; the camera, the screen, muting and switching the camera off replace or
 * disable the sent track and never renegotiate. Each remote tile reads its connection's `getStats()`
 * every second (bytes received), which the page shows as the link's rate.
 */

export interface PeerState {
  mic: number;
  cam: number;
  screen: number;
  hand: number;
}

export interface Peer {
  peerId: number;
  userId: number;
  name: string;
  state: PeerState;
  stream?: MediaStream;
  /** inbound-rtp bytes received so far (audio and video), from getStats */
  bytes: number;
  /** kbit/s over the last second */
  kbps: number;
  connection: RTCPeerConnectionState | 'new';
}

function stopAll(stream: MediaStream | undefined) {
  for (const t of stream?.getTracks() ?? []) t.stop();
}

export type MeshPhase = 'joining' | 'in' | 'refused' | 'left' | 'failed';

interface Link {
  pc: RTCPeerConnection;
  /** candidates that arrived before the remote description */
  pending: RTCIceCandidateInit[];
  lastBytes: number;
}

export function useMeetingMesh(courseId: number, room: number) {
  const [phase, setPhase] = useState<MeshPhase>('joining');
  const [refusal, setRefusal] = useState('');
  const [peers, setPeers] = useState<Peer[]>([]);
  const [me, setMe] = useState<PeerState>({ mic: 1, cam: 1, screen: 0, hand: 0 });
  const [local, setLocal] = useState<MediaStream | undefined>();
  const [deviceError, setDeviceError] = useState('');
  const [turn, setTurn] = useState(0);

  const links = useRef(new Map<number, Link>());
  const peerInfo = useRef(new Map<number, Peer>());
  const camera = useRef<MediaStream | undefined>(undefined);
  const screen = useRef<MediaStream | undefined>(undefined);
  const state = useRef(me);
  state.current = me;
  const ice = useRef<Promise<RTCIceServer[]> | undefined>(undefined);
  const myPeer = useRef(0);
  /** candidates from a peer whose connection is still being made */
  const early = useRef(new Map<number, RTCIceCandidateInit[]>());

  const publishPeers = useCallback(() => setPeers([...peerInfo.current.values()]), []);
  const updatePeer = useCallback(
    (peerId: number, change: Partial<Peer>) => {
      const p = peerInfo.current.get(peerId);
      if (!p) return;
      peerInfo.current.set(peerId, { ...p, ...change });
      publishPeers();
    },
    [publishPeers],
  );

  /** the video track sent: the screen while shared, else the camera while on */
  const sentVideo = useCallback(() => {
    if (screen.current) return screen.current.getVideoTracks()[0] ?? null;
    return state.current.cam ? (camera.current?.getVideoTracks()[0] ?? null) : null;
  }, []);
  const sentAudio = useCallback(() => camera.current?.getAudioTracks()[0] ?? null, []);

  const sendTracks = useCallback(
    (pc: RTCPeerConnection) => {
      for (const tr of pc.getTransceivers()) {
        const kind = tr.receiver.track.kind;
        tr.direction = 'sendrecv';
        void tr.sender.replaceTrack(kind === 'audio' ? sentAudio() : sentVideo()).catch(() => {});
      }
    },
    [sentAudio, sentVideo],
  );

  const closeLink = useCallback((peerId: number) => {
    early.current.delete(peerId);
    links.current.get(peerId)?.pc.close();
    links.current.delete(peerId);
  }, []);

  const link = useCallback(
    async (peerId: number, offering: boolean) => {
      const existing = links.current.get(peerId);
      if (existing) return existing;
      const iceServers = (await ice.current) ?? [];
      const again = links.current.get(peerId);
      if (again) return again;
      const pc = new RTCPeerConnection({ iceServers });
      const entry: Link = { pc, pending: early.current.get(peerId) ?? [], lastBytes: 0 };
      early.current.delete(peerId);
      links.current.set(peerId, entry);
      if (offering) {
        pc.addTransceiver('audio', { direction: 'sendrecv' });
        pc.addTransceiver('video', { direction: 'sendrecv' });
        sendTracks(pc);
      }
      pc.onicecandidate = (e) => {
        if (e.candidate) classroomSocket.send('Meeting.signal', { to: peerId, kind: 'ice', candidate: e.candidate.toJSON() });
      };
      pc.ontrack = (e) => {
        const p = peerInfo.current.get(peerId);
        if (!p) return;
        const stream = p.stream ?? new MediaStream();
        if (!stream.getTracks().includes(e.track)) stream.addTrack(e.track);
        updatePeer(peerId, { stream });
      };
      pc.onconnectionstatechange = () => updatePeer(peerId, { connection: pc.connectionState });
      if (offering) {
        await pc.setLocalDescription(await pc.createOffer());
        classroomSocket.send('Meeting.signal', { to: peerId, kind: 'offer', sdp: pc.localDescription?.sdp });
      }
      return entry;
    },
    [sendTracks, updatePeer],
  );

  const addPeer = useCallback(
    (p: { peerid: number; userid: number; name: string } & Partial<PeerState>) => {
      const prev = peerInfo.current.get(p.peerid);
      peerInfo.current.set(p.peerid, {
        peerId: p.peerid,
        userId: p.userid,
        name: p.name,
        state: { mic: p.mic ?? 1, cam: p.cam ?? 1, screen: p.screen ?? 0, hand: p.hand ?? 0 },
        stream: prev?.stream,
        bytes: prev?.bytes ?? 0,
        kbps: prev?.kbps ?? 0,
        connection: prev?.connection ?? 'new',
      });
      publishPeers();
    },
    [publishPeers],
  );

  const tellState = useCallback((s: PeerState) => classroomSocket.send('Meeting.state', s), []);

  const join = useCallback(() => {
    setPhase('joining');
    for (const id of [...links.current.keys()]) closeLink(id);
    peerInfo.current.clear();
    publishPeers();
    classroomSocket.start();
    classroomSocket.send('Meeting.join', { courseid: courseId, room, mic: state.current.mic, cam: state.current.cam });
  }, [courseId, room, closeLink, publishPeers]);

  // devices first (a person without a camera still joins and sees the others), then the room
  useEffect(() => {
    let stopped = false;
    const offs = [
      classroomSocket.on(
        'Meeting.joined',
        (d: { peerid: number; people: { peerid: number; userid: number; name: string }[] }) => {
          myPeer.current = d.peerid;
          ice.current = meetingApi.ice(courseId, room).then(
            (a) => {
              setTurn(a.turn);
              return a.iceServers as RTCIceServer[];
            },
            () => [],
          );
          setPhase('in');
          tellState(state.current);
          for (const p of d.people) {
            addPeer(p);
            void link(p.peerid, true);
          }
        },
      ),
      classroomSocket.on('Meeting.peerJoined', (d: { peerid: number; userid: number; name: string } & PeerState) => {
        addPeer(d);
        // the newcomer hears how each one is (muted, hand raised) from them
        tellState(state.current);
      }),
      classroomSocket.on('Meeting.peerLeft', (d: { peerid: number }) => {
        closeLink(d.peerid);
        peerInfo.current.delete(d.peerid);
        publishPeers();
      }),
      classroomSocket.on('Meeting.peerState', (d: { peerid: number } & PeerState) => {
        const { peerid, ...s } = d;
        updatePeer(peerid, { state: { mic: s.mic, cam: s.cam, screen: s.screen, hand: s.hand } });
      }),
      classroomSocket.on(
        'Meeting.signal',
        async (d: { from: number; kind: string; sdp?: string; candidate?: RTCIceCandidateInit }) => {
          if (d.kind === 'offer') {
            const entry = await link(d.from, false);
            await entry.pc.setRemoteDescription({ type: 'offer', sdp: d.sdp });
            sendTracks(entry.pc);
            for (const c of entry.pending.splice(0)) await entry.pc.addIceCandidate(c).catch(() => {});
            await entry.pc.setLocalDescription(await entry.pc.createAnswer());
            classroomSocket.send('Meeting.signal', { to: d.from, kind: 'answer', sdp: entry.pc.localDescription?.sdp });
          } else if (d.kind === 'answer') {
            const entry = links.current.get(d.from);
            if (!entry) return;
            await entry.pc.setRemoteDescription({ type: 'answer', sdp: d.sdp });
            for (const c of entry.pending.splice(0)) await entry.pc.addIceCandidate(c).catch(() => {});
          } else if (d.kind === 'ice' && d.candidate) {
            const entry = links.current.get(d.from);
            if (!entry) {
              early.current.set(d.from, [...(early.current.get(d.from) ?? []), d.candidate]);
              return;
            }
            if (entry.pc.remoteDescription) await entry.pc.addIceCandidate(d.candidate).catch(() => {});
            else entry.pending.push(d.candidate);
          }
        },
      ),
      classroomSocket.on('User.error', (d: { error?: string } | null) => {
        // the socket's refusals carry the command in data; the socket layer hands on the message only
        if (!d?.error) return;
        if (myPeer.current === 0) {
          setRefusal(d.error);
          setPhase('refused');
        }
      }),
      // the socket came back: its room was left with it, so the person joins again
      classroomSocket.on(RECONNECTED, () => {
        if (myPeer.current !== 0) {
          myPeer.current = 0;
          join();
        }
      }),
    ];
    navigator.mediaDevices
      ?.getUserMedia({ video: { width: { ideal: 640 }, height: { ideal: 480 } }, audio: true })
      .then(
        (stream) => {
          if (stopped) {
            stopAll(stream);
            return;
          }
          camera.current = stream;
          setLocal(stream);
        },
        (e: Error) => {
          setDeviceError(e.name || 'Error');
          setMe((s) => ({ ...s, mic: 0, cam: 0 }));
          state.current = { ...state.current, mic: 0, cam: 0 };
        },
      )
      .finally(() => {
        if (!stopped) join();
      });
    if (!navigator.mediaDevices) {
      setDeviceError('NotSupportedError');
      join();
    }
    return () => {
      stopped = true;
      for (const off of offs) off();
      if (myPeer.current) classroomSocket.send('Meeting.leave', {});
      myPeer.current = 0;
      for (const id of [...links.current.keys()]) closeLink(id);
      stopAll(camera.current);
      stopAll(screen.current);
    };
    // once per room: the callbacks it uses are stable for a room
  }, [courseId, room, addPeer, closeLink, join, link, publishPeers, sendTracks, tellState, updatePeer]);

  // each link's bytes received, every second (RTCPeerConnection.getStats, inbound-rtp)
  useEffect(() => {
    const timer = setInterval(async () => {
      for (const [peerId, entry] of links.current) {
        const stats = await entry.pc.getStats().catch(() => undefined);
        if (!stats) continue;
        let bytes = 0;
        stats.forEach((r: { type: string; bytesReceived?: number }) => {
          if (r.type === 'inbound-rtp') bytes += r.bytesReceived ?? 0;
        });
        const kbps = Math.round(((bytes - entry.lastBytes) * 8) / 1000);
        entry.lastBytes = bytes;
        updatePeer(peerId, { bytes, kbps: Math.max(0, kbps) });
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [updatePeer]);

  const change = useCallback(
    (next: PeerState) => {
      setMe(next);
      state.current = next;
      const audio = sentAudio();
      if (audio) audio.enabled = next.mic === 1;
      for (const { pc } of links.current.values())
        for (const tr of pc.getTransceivers())
          if (tr.receiver.track.kind === 'video') void tr.sender.replaceTrack(sentVideo()).catch(() => {});
      tellState(next);
    },
    [sentAudio, sentVideo, tellState],
  );

  const toggleMic = () => change({ ...state.current, mic: state.current.mic ? 0 : 1 });
  const toggleCam = () => {
    const video = camera.current?.getVideoTracks()[0];
    if (video) video.enabled = !state.current.cam;
    change({ ...state.current, cam: state.current.cam ? 0 : 1 });
  };
  const toggleHand = () => change({ ...state.current, hand: state.current.hand ? 0 : 1 });
  const toggleScreen = async () => {
    if (screen.current) {
      stopAll(screen.current);
      screen.current = undefined;
      setLocal(camera.current);
      change({ ...state.current, screen: 0 });
      return;
    }
    try {
      const shared = await navigator.mediaDevices.getDisplayMedia({ video: true });
      screen.current = shared;
      const track = shared.getVideoTracks()[0];
      // the browser's own "stop sharing" ends the track
      if (track)
        track.onended = () => {
          if (screen.current === shared) void toggleScreen();
        };
      setLocal(shared);
      change({ ...state.current, screen: 1 });
    } catch (e) {
      setDeviceError((e as Error).name || 'Error');
    }
  };
  const leave = () => {
    if (myPeer.current) classroomSocket.send('Meeting.leave', {});
    myPeer.current = 0;
    for (const id of [...links.current.keys()]) closeLink(id);
    stopAll(camera.current);
    stopAll(screen.current);
    camera.current = undefined;
    screen.current = undefined;
    setLocal(undefined);
    peerInfo.current.clear();
    publishPeers();
    setPhase('left');
  };

  return {
    phase,
    refusal,
    peers,
    me,
    local,
    deviceError,
    turn,
    toggleMic,
    toggleCam,
    toggleHand,
    toggleScreen,
    leave,
    rejoin: join,
  };
}
